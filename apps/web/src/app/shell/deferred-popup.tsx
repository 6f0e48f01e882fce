import {
  type ComponentType,
  cloneElement,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type Ref,
  useEffect,
  useRef,
  useState,
} from 'react';

/**
 * The top bar's menus and the help popover load their dropdowns on first use.
 *
 * Mantine's Menu and Popover bring Floating UI, the menu's sub-menus, search and type-ahead
 * and their styles (about 30 KB gzip), all of which the first view only needs once somebody
 * opens one of them. So the top bar renders each trigger on its own, with the same look and
 * name. The dropdowns' modules load with the person's first sign of activity on the page
 * (moving the pointer, touching, scrolling, a key), or when the pointer comes near or the
 * trigger gets focus, so that on a slow line they are there before the first tap on a menu;
 * the first view itself, until it is usable, fetches none of them. Activating the trigger
 * (click, Enter, Space, arrow keys) opens it once loaded. From then on the real Menu or Popover
 * is rendered, closed until opened as usual.
 */
export interface DeferredModule<M> {
  /** The module when it has loaded, else undefined. */
  current(): M | undefined;
  /** Loads the module once; a failed load is tried again on the next call. */
  load(): Promise<M>;
  /** Starts loading ahead of need; a failure is left to the next `load` (activation) to show. */
  prefetch(): void;
}

export function deferredModule<M>(load: () => Promise<M>): DeferredModule<M> {
  let loaded: M | undefined;
  let pending: Promise<M> | undefined;
  const module: DeferredModule<M> = {
    current: () => loaded,
    load() {
      pending ??= load().then(
        (value) => {
          loaded = value;
          return value;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    prefetch() {
      module.load().catch(() => {
        // Tried again when its trigger is activated; that failure is shown.
      });
    },
  };
  return module;
}

/** Events that show a person is using the page (the first one loads every waiting dropdown). */
const ACTIVITY_EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'scroll'] as const;
const waitingForActivity = new Set<DeferredModule<unknown>>();

function onFirstActivity() {
  for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onFirstActivity, true);
  for (const module of waitingForActivity) module.prefetch();
  waitingForActivity.clear();
}

/** Loads `module` with the first sign of activity on the page (see above). */
export function loadOnFirstActivity(module: DeferredModule<unknown>) {
  if (module.current() !== undefined) return;
  if (waitingForActivity.size === 0) {
    for (const type of ACTIVITY_EVENTS) {
      window.addEventListener(type, onFirstActivity, { capture: true, passive: true });
    }
  }
  waitingForActivity.add(module);
}

/** What the loaded dropdown component receives besides its own props. */
export interface LoadedPopupProps {
  /** The trigger as the top bar renders it, for Menu.Target or Popover.Target. */
  trigger: ReactElement<TriggerProps>;
  /**
   * The person activated the stand-in trigger: the dropdown focuses the trigger and then opens,
   * so that it returns the focus there when it closes.
   */
  openOnMount: boolean;
}

interface TriggerProps {
  ref?: Ref<HTMLButtonElement>;
  disabled?: boolean;
  onClick?(event: MouseEvent<HTMLButtonElement>): void;
  onKeyDown?(event: KeyboardEvent<HTMLButtonElement>): void;
  onFocus?(event: FocusEvent<HTMLButtonElement>): void;
  onPointerEnter?(): void;
  'aria-haspopup'?: 'menu' | 'dialog';
  'aria-expanded'?: boolean;
}

export interface DeferredPopupProps<P> {
  module: DeferredModule<{ default: ComponentType<P & LoadedPopupProps> }>;
  /** The trigger button, with its own handlers (the menus' onKeyDown opens them on arrow keys). */
  trigger: ReactElement<TriggerProps>;
  /** What the trigger opens, as Mantine's Menu (menu) or Popover (dialog) announce it. */
  popup: 'menu' | 'dialog';
  props: P;
}

/** The trigger alone until the dropdown's module is needed; then the loaded Menu or Popover. */
export function DeferredPopup<P extends object>({
  module,
  trigger,
  popup,
  props,
}: DeferredPopupProps<P>) {
  const [Loaded, setLoaded] = useState(() => module.current()?.default);
  const [openOnMount, setOpenOnMount] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => loadOnFirstActivity(module), [module]);
  // A chunk that cannot load (say, replaced by an update) goes to the route's error page,
  // which offers a reload, as a lazy page's does.
  if (failure) throw failure;
  if (Loaded) return <Loaded {...props} trigger={trigger} openOnMount={openOnMount} />;

  const activate = () => {
    module.load().then(
      (loaded) => {
        setOpenOnMount(true);
        setLoaded(() => loaded.default);
      },
      (error: unknown) => setFailure(error),
    );
  };
  return cloneElement(trigger, {
    'aria-haspopup': popup,
    'aria-expanded': false,
    onClick: activate,
    onFocus: module.prefetch,
    onPointerEnter: module.prefetch,
  });
}

/**
 * For the loaded component: the ref to put on the trigger, and whether the dropdown is open.
 * When the stand-in was activated, the trigger gets the focus first and the dropdown opens
 * after, so that Mantine returns the focus to it on closing.
 */
export function useOpenOnMount(openOnMount: boolean) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first render's wish counts.
  useEffect(() => {
    if (!openOnMount) return;
    triggerRef.current?.focus();
    setOpened(true);
  }, []);
  return { triggerRef, opened, setOpened };
}
