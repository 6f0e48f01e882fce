import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { emptyFields, formatQueryParams, parseQueryParams, TileForm } from './tile-form';

describe('formatQueryParams / parseQueryParams', () => {
  it.each([
    [null, ''],
    [{ quelle: 'portal' }, 'quelle=portal'],
    [{ quelle: 'portal', kampagne: 'herbst' }, 'quelle=portal&kampagne=herbst'],
    [{ text: 'a b&c' }, 'text=a+b%26c'],
  ] as const)('%o ⇄ %s', (params, text) => {
    expect(formatQueryParams(params)).toBe(text);
    expect(parseQueryParams(text)).toEqual(params);
  });

  it.each([
    ['  ', null],
    ['?quelle=portal', { quelle: 'portal' }],
    ['=ohne-namen&x=1', { x: '1' }],
    ['nur', { nur: '' }],
  ] as const)('parses %s as %o', (text, params) => {
    expect(parseQueryParams(text)).toEqual(params);
  });
});

describe('TileForm', () => {
  // jsdom has no FontFaceSet; Mantine's autosizing Textarea listens to it.
  beforeAll(() => {
    if (!('fonts' in document)) {
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener() {}, removeEventListener() {} },
      });
    }
  });

  const setup = (queryParams: Record<string, string> | null) => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <TileForm
        initial={{
          ...emptyFields(),
          name: 'Seminare',
          target: 'https://partner.example/',
          queryParams,
        }}
        groups={[]}
        isNew={false}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    return { onSubmit, field: screen.getByRole('textbox', { name: 'Query-Parameter' }) };
  };

  it("shows the tile's query parameters with a hint and returns them edited", async () => {
    const user = userEvent.setup();
    const { onSubmit, field } = setup({ quelle: 'portal', kampagne: 'herbst' });
    expect(field).toHaveValue('quelle=portal&kampagne=herbst');
    expect(field).toHaveAccessibleDescription('z. B. quelle=portal&kampagne=herbst');

    await user.clear(field);
    await user.type(field, 'quelle=app&seite=2');
    await user.click(screen.getByRole('button', { name: 'Übernehmen' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Seminare', queryParams: { quelle: 'app', seite: '2' } }),
      null,
    );
  });

  it('an emptied field removes the query parameters', async () => {
    const user = userEvent.setup();
    const { onSubmit, field } = setup({ quelle: 'portal' });
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Übernehmen' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ queryParams: null }), null);
  });
});
