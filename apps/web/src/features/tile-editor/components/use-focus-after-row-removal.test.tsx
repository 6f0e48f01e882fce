import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useFocusAfterRowRemoval } from './use-focus-after-row-removal';

function Rows({ initial }: { initial: string[] }) {
  const [rows, setRows] = useState(initial);
  const { listRef, headingRef, removedAt } = useFocusAfterRowRemoval('data-remove');
  return (
    <section>
      <h2 ref={headingRef}>Liste</h2>
      {rows.length > 0 && (
        <ul ref={listRef}>
          {rows.map((row, index) => (
            <li key={row}>
              <button
                type="button"
                data-remove
                onClick={() => {
                  setRows((all) => all.filter((_, i) => i !== index));
                  removedAt(index);
                }}
              >
                {`${row} löschen`}
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button">Anderswo</button>
    </section>
  );
}

/** What runs before the browser's next task (Playwright's next key): React's sync work. */
const microtasks = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

/** A click as a key press gives it: the click, then what runs before the next task. */
const press = async (name: string) => {
  byName(name)?.click();
  await microtasks();
};

const byName = (name: string) =>
  [...document.querySelectorAll('button')].find((button) => button.textContent === name);

/**
 * Rendered and clicked outside `act`, as in the browser: React's follow-up renders then run on
 * its scheduler, not at once, and a second removal can come before them (a quick keyboard user,
 * a busy machine; it failed in CI that way).
 */
describe('useFocusAfterRowRemoval', () => {
  let container: HTMLDivElement;
  let root: Root;
  const mount = async (rows: string[]) => {
    await act(async () => root.render(<Rows initial={rows} />));
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  };
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    await act(async () => root.unmount());
    container.remove();
  });

  it('moves the focus to the button now in the removed row', async () => {
    await mount(['A', 'B', 'C']);
    byName('A löschen')?.focus();
    await press('A löschen');
    expect(document.activeElement).toBe(byName('B löschen'));
  });

  it('moves it again when the next removal at the same row comes before React has settled', async () => {
    await mount(['A', 'B', 'C']);
    byName('A löschen')?.focus();
    await press('A löschen');
    expect(document.activeElement).toBe(byName('B löschen'));
    await press('B löschen');
    expect(document.activeElement).toBe(byName('C löschen'));
    await press('C löschen');
    expect(document.activeElement).toBe(container.querySelector('h2'));
  });

  it('goes to the last row after the last one, then to the heading when the list is empty', async () => {
    await mount(['A', 'B']);
    byName('B löschen')?.focus();
    await press('B löschen');
    expect(document.activeElement).toBe(byName('A löschen'));
    await press('A löschen');
    expect(document.activeElement).toBe(container.querySelector('h2'));
  });

  it('leaves a focus the person has moved elsewhere', async () => {
    await mount(['A', 'B']);
    const elsewhere = byName('Anderswo');
    byName('A löschen')?.focus();
    // The person moves on before the list has changed.
    byName('A löschen')?.click();
    elsewhere?.focus();
    await microtasks();
    expect(document.activeElement).toBe(elsewhere);
  });
});
