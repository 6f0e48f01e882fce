import '@mantine/core/styles/Button.css';
import { Button } from '@mantine/core';
import type { ContractorSearchResult, CustomerUser, InstitutionRole } from '@portal/contract';
import { IconUserShare } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { type ImpersonationClaims, RAN_OUT_NOTICE_KEY } from '../../lib/impersonation-tokens';
import { impersonationControl as t } from '../../messages/de/impersonation-control';
import { mayAskForRelationships, relationshipsQueryOptions } from './api/relationships';
import classes from './impersonation-control.module.css';
import { showImpersonationButton } from './model/button-rule';

const ImpersonationModal = lazy(() => import('./impersonation-modal'));

/** Mirrors SUCCESS_NOTICE_KEY of the modal (set before the reload into the impersonation). */
const SUCCESS_NOTICE_KEY = 'portal.impersonation.notice';

/** Whether the reload left this notice for the page (sessionStorage); it is shown once. */
function takeNotice(key: string): boolean {
  const left = sessionStorage.getItem(key) !== null;
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

/** The navbar button 'Als User eines Kunden anmelden' and its modal (spec sections 2, 5, 8). */
export function ImpersonationControl(props: ImpersonationControlProps) {
  const { institutionId, role, isImpersonating } = props;
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const mayAsk = !isImpersonating && institutionId !== null && mayAskForRelationships(role);
  const relationships = useQuery({
    ...relationshipsQueryOptions(institutionId ?? ''),
    enabled: mayAsk,
  });

  useEffect(() => {
    // After the reload into an impersonation: its success toast.
    if (takeNotice(SUCCESS_NOTICE_KEY) && isImpersonating) {
      void import('../../components/notifications').then(({ notifySuccess }) =>
        notifySuccess(t.success),
      );
    }
    // After the reload out of an impersonation that ran out: say why the customer is gone.
    if (takeNotice(RAN_OUT_NOTICE_KEY) && !isImpersonating) {
      void import('./ran-out-notice').then((notice) => notice.show());
    }
  }, [isImpersonating]);

  const visible = showImpersonationButton({
    isImpersonating,
    relationships: mayAsk ? relationships.data : undefined,
    role,
  });
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
        onClick={() => setOpened(true)}
        data-testid="impersonation-button"
      >
        {t.button}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ImpersonationModal
            {...props}
            onClose={() => {
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
