import '@mantine/core/styles/Button.css';
import { Button } from '@mantine/core';
import type { ContractorSearchResult, CustomerUser, InstitutionRole } from '@portal/contract';
import { IconUserShare } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { type ImpersonationClaims, RAN_OUT_NOTICE_KEY } from '../../lib/impersonation-tokens';
import { impersonationControl as t } from '../../messages/de/impersonation-control';
import { mayAskForRelationships, relationshipsQueryOptions } from './api/relationships';
import classes from './impersonation-control.module.css';
import { showImpersonationButton } from './model/button-rule';

const loadModal = () => import('./impersonation-modal');
const ImpersonationModal = lazy(loadModal);

/** Loads the modal ahead of need; a failure is left to its opening (Suspense) to meet again. */
const prefetchModal = () => void loadModal().catch(() => undefined);

/** The first signs of activity on the page (as the top bar's menus load theirs). */
const ACTIVITY_EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'scroll'] as const;

/** Mirrors SUCCESS_NOTICE_KEY of the modal (set before the reload into the impersonation). */
const SUCCESS_NOTICE_KEY = 'portal.impersonation.notice';

/** The notice the reload left for the page (sessionStorage), else null; it is shown once. */
function takeNotice(key: string): string | null {
  const left = sessionStorage.getItem(key);
  sessionStorage.removeItem(key);
  return left;
}

export interface ImpersonationControlProps {
  /** The current institution (the contractor), null while none is chosen. */
  institutionId: string | null;
  /** The user's role in the current institution. */
  role: InstitutionRole | null;
  isLoadingInstitution: boolean;
  isImpersonating: boolean;
  /** Session.impersonate: true when started, false when an impersonation was already active. */
  impersonate(userId: string, claims: ImpersonationClaims): Promise<boolean>;
  /** Session.endImpersonation. */
  endImpersonation(): Promise<void>;
  /**
   * Reloads the app on the dashboard (as the impersonated user, or as the own user again); in
   * `institutionId` when given (the customer institution the impersonation was started for).
   */
  reload(institutionId?: string): void;
  /** The two searches (the API module unless given; component tests pass their own). */
  searches?: ImpersonationSearches;
}

export interface ImpersonationSearches {
  customers(institutionId: string, term: string): Promise<ContractorSearchResult[]>;
  users(institutionId: string, customerId: string, term: string): Promise<CustomerUser[]>;
}

/** Typing ahead is kept at most this long after the click (the modal loads in far less). */
const TYPED_AHEAD_MAX_MS = 5_000;

const isTextField = (element: Element | null) =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;

/**
 * Characters typed after the click while the modal is still on its way (loading, drawing, its
 * field not yet focused): kept for the modal's first field instead of going nowhere. Before,
 * 'Als User eines Kunden anmelden' and the Kd.-Nr. typed at once ('300011') arrived as '0011'
 * and found another customer, or none.
 */
function useTypedAhead() {
  const state = useRef({ text: '', stop: () => {} });
  useEffect(() => () => state.current.stop(), []);
  return useMemo(
    () => ({
      start() {
        state.current.stop();
        state.current.text = '';
        const onKey = (event: KeyboardEvent) => {
          if (isTextField(document.activeElement)) return;
          if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
          // Not the button's own Space either: it is part of what is typed.
          event.preventDefault();
          state.current.text += event.key;
        };
        window.addEventListener('keydown', onKey, true);
        // Never for long: a modal that did not come (its load failed) must not swallow keys.
        const timer = setTimeout(() => state.current.stop(), TYPED_AHEAD_MAX_MS);
        state.current.stop = () => {
          clearTimeout(timer);
          window.removeEventListener('keydown', onKey, true);
        };
      },
      /** What was typed ahead (once); typing goes to the field from now on. */
      take(): string {
        state.current.stop();
        state.current.stop = () => {};
        const text = state.current.text;
        state.current.text = '';
        return text;
      },
    }),
    [],
  );
}

/** The navbar button 'Als User eines Kunden anmelden' and its modal (spec sections 2, 5, 8). */
export function ImpersonationControl(props: ImpersonationControlProps) {
  const { institutionId, role, isImpersonating } = props;
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const typedAhead = useTypedAhead();
  const mayAsk = !isImpersonating && institutionId !== null && mayAskForRelationships(role);
  const relationships = useQuery({
    ...relationshipsQueryOptions(institutionId ?? ''),
    enabled: mayAsk,
  });

  useEffect(() => {
    // After the reload into an impersonation: its success toast.
    if (takeNotice(SUCCESS_NOTICE_KEY) !== null && isImpersonating) {
      void import('../../components/notifications').then(({ notifySuccess }) =>
        notifySuccess(t.success),
      );
    }
    // After the reload out of an impersonation that ran out: say why the customer is gone.
    // Its value says how it ended.
    const ranOut = takeNotice(RAN_OUT_NOTICE_KEY);
    if (ranOut !== null && !isImpersonating) {
      const end = ranOut === 'ended-early' ? 'ended-early' : 'ran-out';
      void import('./ran-out-notice').then((notice) => notice.show(end));
    }
  }, [isImpersonating]);

  const visible = showImpersonationButton({
    isImpersonating,
    relationships: mayAsk ? relationships.data : undefined,
    role,
  });

  // The modal loads with the first sign of activity once the button shows: loaded on the click,
  // the first digits of a Kd.-Nr. typed right after it went nowhere while the modal was still
  // on its way ('300011' arrived as '0011' and found another customer).
  useEffect(() => {
    if (!visible) return;
    const options = { capture: true, passive: true } as const;
    const stop = () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, options);
    };
    const onActivity = () => {
      stop();
      prefetchModal();
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, options);
    return stop;
  }, [visible]);

  if (!visible) return null;
  return (
    <>
      <Button
        ref={button}
        // On a phone the label is hidden (it is still the button's name): the bar keeps room
        // for the navigation button and the user menu.
        classNames={{ label: classes.label, section: classes.section }}
        title={t.button}
        variant={isImpersonating ? 'filled' : 'light'}
        color={isImpersonating ? 'dark' : undefined}
        leftSection={<IconUserShare size={18} aria-hidden="true" />}
        onPointerEnter={prefetchModal}
        onFocus={prefetchModal}
        onClick={() => {
          // Only where the first field takes what is typed: while impersonating it is locked, and
          // Space must reach the modal's buttons.
          if (!opened && !isImpersonating) typedAhead.start();
          setOpened(true);
        }}
        data-testid="impersonation-button"
      >
        {t.button}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ImpersonationModal
            {...props}
            takeTypedAhead={typedAhead.take}
            onClose={() => {
              typedAhead.take();
              setOpened(false);
              // The modal unmounts with its close, before Mantine could return the focus.
              button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
