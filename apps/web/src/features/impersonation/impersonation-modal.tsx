import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { ContractorSearchResult, CustomerUser } from '@portal/contract';
import { useCallback, useMemo, useState } from 'react';
import { AppModal } from '../../components/app-modal';
import { notifyError } from '../../components/notifications';
import { ImpersonationRefusedError } from '../../lib/token-endpoint';
import { impersonation as t } from '../../messages/de/impersonation';
import { searchContractorCustomers, searchCustomerUsers } from './api/impersonation-api';
import type { ImpersonationControlProps, ImpersonationSearches } from './impersonation-control';
import classes from './impersonation-control.module.css';
import { createSearch, formState } from './model/rules';
import { SearchSelect } from './search-select';

/** Set before the reload into the impersonated session; the new page shows the success toast. */
export const SUCCESS_NOTICE_KEY = 'portal.impersonation.notice';

function institutionLabel(item: ContractorSearchResult) {
  return `${item.name} (${t.referenceNumber} ${item.referenceNumber})`;
}

function userLabel(item: CustomerUser) {
  return `${item.firstName} ${item.lastName}`.trim();
}

const API_SEARCHES: ImpersonationSearches = {
  customers: searchContractorCustomers,
  users: searchCustomerUsers,
};

/** The modal 'Als User eines Kunden anmelden' (spec sections 2, 5, 8). */
export default function ImpersonationModal({
  institutionId,
  isLoadingInstitution,
  isImpersonating,
  impersonate,
  endImpersonation,
  reload,
  searches = API_SEARCHES,
  onClose,
  takeTypedAhead,
}: ImpersonationControlProps & {
  onClose(): void;
  /** Characters typed after the click before the first field had the focus. */
  takeTypedAhead?: () => string;
}) {
  const [customer, setCustomer] = useState<ContractorSearchResult | null>(null);
  const [user, setUser] = useState<CustomerUser | null>(null);
  const [isPending, setIsPending] = useState(false);

  const searchCustomers = useMemo(
    () =>
      createSearch((term: string) =>
        institutionId ? searches.customers(institutionId, term) : Promise.resolve([]),
      ),
    [institutionId, searches],
  );
  const customerId = customer?.id ?? null;
  const searchUsers = useMemo(
    () =>
      createSearch((term: string) =>
        institutionId && customerId
          ? searches.users(institutionId, customerId, term)
          : Promise.resolve([]),
      ),
    [institutionId, customerId, searches],
  );

  const state = formState({
    institutionId: customerId,
    userId: user?.id ?? null,
    isPending,
    isLoadingInstitution,
    isImpersonating,
  });

  const onCustomerChange = useCallback((item: ContractorSearchResult | null) => {
    setCustomer(item);
    setUser(null);
  }, []);

  async function submit() {
    if (state.submitDisabled || !customer || !user || !institutionId) return;
    setIsPending(true);
    try {
      const started = await impersonate(user.id, {
        owner: [institutionId],
        contractor: [customer.id],
      });
      if (!started) {
        // Spec section 4: refused (no-op) while an impersonation is active.
        setIsPending(false);
        onClose();
        return;
      }
      sessionStorage.setItem(SUCCESS_NOTICE_KEY, 'success');
      // Into the customer institution chosen, not the impersonated user's first one.
      reload(customer.id);
    } catch (error) {
      setIsPending(false);
      if (error instanceof ImpersonationRefusedError) {
        onClose();
        notifyError(t.refused);
      } else {
        notifyError(t.failure);
      }
    }
  }

  async function ownUser() {
    setIsPending(true);
    await endImpersonation();
    reload();
  }

  return (
    <AppModal opened onClose={onClose} headline={t.modalTitle} isDismissable={!isPending}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <SearchSelect<ContractorSearchResult>
            label={t.institutionLabel}
            description={t.institutionSearchHint}
            disabled={state.institutionFieldDisabled || isPending}
            emptyText={t.noInstitution}
            search={searchCustomers}
            getKey={(item) => item.id}
            getLabel={institutionLabel}
            value={customer}
            onChange={onCustomerChange}
            data-testid="impersonation-institution"
            autoFocusInDialog
            takeTypedAhead={takeTypedAhead}
            renderOption={(item) => (
              <div>
                <Text fz="sm" fw={600}>
                  {item.name}
                </Text>
                <Text fz="xs" className={classes.optionDetail}>
                  {t.referenceNumber} {item.referenceNumber} · {item.postalcode} {item.city} ·{' '}
                  {item.street}
                </Text>
              </div>
            )}
          />
          <SearchSelect<CustomerUser>
            key={customerId ?? 'none'}
            label={t.userLabel}
            description={t.userSearchHint}
            disabled={state.userFieldDisabled || isImpersonating || isPending}
            emptyText={t.noUser}
            search={searchUsers}
            getKey={(item) => item.id}
            getLabel={userLabel}
            value={user}
            onChange={setUser}
            data-testid="impersonation-user"
            renderOption={(item) => (
              <div>
                <Text fz="sm" fw={600}>
                  {userLabel(item)}
                </Text>
                <Text fz="xs" className={classes.optionDetail}>
                  {item.email} · {t.roles[item.role]}
                </Text>
              </div>
            )}
          />
          <Group justify="flex-end" gap="sm" mt="sm" data-dialog-actions>
            <Button variant="default" onClick={onClose} disabled={isPending}>
              {t.cancel}
            </Button>
            <Button
              variant="outline"
              onClick={() => void ownUser()}
              disabled={state.ownUserDisabled || isPending}
            >
              {t.ownUser}
            </Button>
            <Button type="submit" disabled={state.submitDisabled} loading={isPending}>
              {t.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
