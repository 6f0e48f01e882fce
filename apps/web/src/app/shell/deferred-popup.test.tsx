import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  DeferredPopup,
  deferredModule,
  type LoadedPopupProps,
  useOpenOnMount,
} from './deferred-popup';
import { openMenuOnArrow } from './menu-keys';

/** A stand-in for a loaded Menu: opens as the real ones do, and shows what it was given. */
function FakeMenu({ trigger, openOnMount, label }: LoadedPopupProps & { label: string }) {
  const { triggerRef, opened, setOpened } = useOpenOnMount(openOnMount);
  return (
    <>
      <trigger.type
        {...trigger.props}
        ref={triggerRef}
        aria-expanded={opened}
        onClick={() => setOpened(!opened)}
      />
      {opened && (
        <div role="menu" aria-label={label}>
          {label}
        </div>
      )}
    </>
  );
}

function controlledModule() {
  let resolve!: (module: { default: typeof FakeMenu }) => void;
  let reject!: (error: Error) => void;
  const load = vi.fn(
    () =>
      new Promise<{ default: typeof FakeMenu }>((ok, fail) => {
        resolve = ok;
        reject = fail;
      }),
  );
  return {
    module: deferredModule(load),
    load,
    resolve: () => resolve({ default: FakeMenu }),
    reject: (error: Error) => reject(error),
  };
}

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

function renderTrigger(module: ReturnType<typeof controlledModule>['module']) {
  render(
    <Boundary>
      <DeferredPopup
        module={module}
        popup="menu"
        props={{ label: 'Benutzermenü' }}
        trigger={
          <button type="button" onKeyDown={openMenuOnArrow}>
            Anna
          </button>
        }
      />
    </Boundary>,
  );
  return screen.getByRole('button', { name: 'Anna' });
}

describe('DeferredPopup', () => {
  it('renders the trigger alone, announced as a closed menu button, and loads nothing yet', () => {
    const { module, load } = controlledModule();
    const trigger = renderTrigger(module);
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(load).not.toHaveBeenCalled();
  });

  it('starts loading when the pointer comes near or the trigger gets focus, once', async () => {
    const user = userEvent.setup();
    const { module, load } = controlledModule();
    const trigger = renderTrigger(module);
    await user.hover(trigger);
    trigger.focus();
    expect(load).toHaveBeenCalledTimes(1);
    // Loading alone opens nothing.
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('starts loading with the first sign of activity anywhere on the page, once', () => {
    const { module, load } = controlledModule();
    renderTrigger(module);
    expect(load).not.toHaveBeenCalled();
    fireEvent.scroll(window);
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('opens once loaded when activated, with the focus on the trigger first', async () => {
    const user = userEvent.setup();
    const { module, resolve } = controlledModule();
    renderTrigger(module).focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.queryByRole('menu')).toBeNull();
    resolve();
    expect(await screen.findByRole('menu', { name: 'Benutzermenü' })).toBeInTheDocument();
    const trigger = screen.getByRole('button', { name: 'Anna' });
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
  });

  it('renders the loaded menu closed where the module had loaded before', async () => {
    const { module, resolve } = controlledModule();
    const loading = module.load();
    resolve();
    await loading;
    renderTrigger(module);
    expect(screen.getByRole('button', { name: 'Anna' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('hands a module that cannot load to the error boundary when activated, not before', async () => {
    const user = userEvent.setup();
    const { module, load, reject } = controlledModule();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const trigger = renderTrigger(module);
    await user.hover(trigger);
    reject(new Error('chunk gone'));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await user.click(trigger);
    // A failed load is tried again, and this failure is shown.
    expect(load).toHaveBeenCalledTimes(2);
    reject(new Error('chunk still gone'));
    expect(await screen.findByRole('alert')).toHaveTextContent('chunk still gone');
  });
});
