import { Text } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { useLoaderData, useParams } from 'react-router';
import { BankStatusPage } from '../../features/orders/bank-status-page';
import { ContractsPage } from '../../features/orders/contracts-page';
import { CreditOfferPage } from '../../features/orders/credit-offer-page';
import { CustomerOverviewPage } from '../../features/orders/customer-overview-page';
import { OfferLinkButton } from '../../features/orders/offer-page';
import { OrdersPage } from '../../features/orders/orders-page';
import { TiStatusPage } from '../../features/orders/ti-status-page';
import { StaticPage } from '../../features/static-pages/static-page';
import { isAdmin } from '../../features/user/model/user';
import type { CompiledPage } from '../../lib/markdown-html';
import { orders } from '../../messages/de';
import { useAppContext } from '../app-context';
import { useBreadcrumbs } from '../breadcrumbs';
import { useServices } from '../services';

/** Renders a page of the orders feature with the current institution, or a hint without one. */
function WithInstitution({ children }: { children: (institutionId: string) => ReactNode }) {
  const { currentInstitutionId } = useAppContext();
  if (!currentInstitutionId) return <Text c="dimmed">{orders.noInstitution}</Text>;
  // Keyed by institution: switching institutions starts the page afresh.
  return <div key={currentInstitutionId}>{children(currentInstitutionId)}</div>;
}

export function OrdersRoute() {
  const breadcrumbs = useBreadcrumbs();
  const { user, currentInstitution, currentInstitutionId } = useAppContext();
  const isContractorAdmin =
    Boolean(currentInstitution?.trusted) && isAdmin(user, currentInstitutionId);
  return (
    <WithInstitution>
      {(id) => (
        <OrdersPage
          institutionId={id}
          breadcrumbs={breadcrumbs}
          isContractorAdmin={isContractorAdmin}
        />
      )}
    </WithInstitution>
  );
}

/**
 * A status page's way to another of the user's institutions: a link to an order of another
 * institution (a mail, a bookmark) finds it there and offers the switch.
 */
function useOtherInstitutions() {
  const { institutions, currentInstitutionId, selectInstitution } = useAppContext();
  const { session } = useServices();
  // In the Support-Modus the institution stays as it is (spec section 4): no switch offered
  // (its button would do nothing), the order is not found here.
  const isImpersonating = session.isImpersonating();
  const elsewhere = useMemo(
    () =>
      isImpersonating
        ? []
        : institutions
            .filter((institution) => institution.id !== currentInstitutionId)
            .map(({ id, name }) => ({ id, name })),
    [institutions, currentInstitutionId, isImpersonating],
  );
  return {
    elsewhere,
    onSwitchInstitution: isImpersonating ? undefined : selectInstitution,
  };
}

export function TiStatusRoute() {
  const breadcrumbs = useBreadcrumbs();
  const { orderId = '' } = useParams();
  const others = useOtherInstitutions();
  return (
    <WithInstitution>
      {(id) => (
        <TiStatusPage institutionId={id} orderId={orderId} breadcrumbs={breadcrumbs} {...others} />
      )}
    </WithInstitution>
  );
}

export function BankStatusRoute() {
  const breadcrumbs = useBreadcrumbs();
  const { orderId = '' } = useParams();
  const others = useOtherInstitutions();
  return (
    <WithInstitution>
      {(id) => (
        <BankStatusPage
          institutionId={id}
          orderId={orderId}
          breadcrumbs={breadcrumbs}
          {...others}
        />
      )}
    </WithInstitution>
  );
}

export function ContractsRoute() {
  const breadcrumbs = useBreadcrumbs();
  return (
    <WithInstitution>
      {(id) => <ContractsPage institutionId={id} breadcrumbs={breadcrumbs} />}
    </WithInstitution>
  );
}

export function CustomerOverviewRoute() {
  const breadcrumbs = useBreadcrumbs();
  return (
    <WithInstitution>
      {(id) => <CustomerOverviewPage institutionId={id} breadcrumbs={breadcrumbs} />}
    </WithInstitution>
  );
}

export function CreditOfferRoute() {
  const breadcrumbs = useBreadcrumbs();
  const { reportUnsavedChanges } = useAppContext();
  return (
    <WithInstitution>
      {(id) => (
        <CreditOfferPage
          institutionId={id}
          breadcrumbs={breadcrumbs}
          // Switching the institution draws the page anew: the layout asks first while true.
          onUnsavedChangesChange={reportUnsavedChanges}
        />
      )}
    </WithInstitution>
  );
}

/** An offer page: compiled operator content from the route's loader, with its outgoing link. */
export function OfferRoute() {
  const page = useLoaderData() as CompiledPage;
  const breadcrumbs = useBreadcrumbs();
  return (
    <StaticPage
      page={page}
      fallbackTitle={breadcrumbs.at(-1)?.label ?? ''}
      breadcrumbs={breadcrumbs}
      actions={<OfferLinkButton link={page.link} />}
    />
  );
}
