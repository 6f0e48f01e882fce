import './styles';
import { Alert, Anchor, Paper, Stack, Stepper, Text, Title, VisuallyHidden } from '@mantine/core';
import { BANK_ORDER_STATUSES } from '@portal/contract';
import { bankOrderLink } from '@portal/contract/bank-links';
import { Navigate } from 'react-router';
import { LoadFailed } from '../../components/load-failed';
import { LoadingStatus } from '../../components/loading-status';
import { type Breadcrumb, PageHeader } from '../../components/page-header';
import { orders as t } from '../../messages/de';
import { useOrder } from './api/orders-api';
import {
  isOrderNotFound,
  OrderNotFound,
  type OtherInstitution,
} from './components/order-not-found';
import { useStepperOrientation } from './components/use-stepper-orientation';
import { formatDate } from './model/formats';
import {
  bankStepIndex,
  isBankComplete,
  orderStatusPath,
  pollingInterval,
} from './model/orders-model';

export interface BankStatusPageProps {
  institutionId: string;
  orderId: string;
  breadcrumbs: Breadcrumb[];
  /** The user's other institutions, where a linked order that is not here is looked up. */
  elsewhere?: readonly OtherInstitution[];
  onSwitchInstitution?(institutionId: string): void;
}

/** Bestellstatus of a bank-account order, reloaded every 10 s until it is complete. */
export function BankStatusPage({
  institutionId,
  orderId,
  breadcrumbs,
  elsewhere,
  onSwitchInstitution,
}: BankStatusPageProps) {
  const query = useOrder(institutionId, orderId);
  const order = query.data;
  const polling = pollingInterval(order, query.isError) !== false;
  const stepperOrientation = useStepperOrientation();
  return (
    <Stack gap="lg">
      <PageHeader title={t.orderStatusTitle} breadcrumbs={breadcrumbs} />
      {query.isPending ? (
        <LoadingStatus size="sm" label={t.loading} />
      ) : isOrderNotFound(query.error) ? (
        <OrderNotFound
          orderId={orderId}
          elsewhere={elsewhere}
          onSwitchInstitution={onSwitchInstitution}
        />
      ) : !order ? (
        // The first load failed (not a 404): said, with another try, instead of a page empty
        // below its heading (docs/decisions/018). A failed reload (polling, the server away
        // for a moment) keeps the order shown, polling stopped.
        <LoadFailed
          message={t.statusLoadFailed}
          isRetrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : order.orderType !== 'BANKACCOUNT' ? (
        // A TI order's id in a bank order's address (an old link, one typed): its own page.
        <Navigate to={orderStatusPath(order)} replace />
      ) : (
        <Paper withBorder p="md" component="section" aria-labelledby="bank-steps">
          <Title order={2} size="h3" id="bank-steps" mb="xs">
            {t.bank.stepsLabel}
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {t.list.createdAt}: {formatDate(order.createdAt)}
            {polling && ` · ${t.bank.live}`}
          </Text>
          <Text mb="md" data-testid="bank-current-status" aria-live="polite">
            {t.ti.currentStatus}: {t.bankStatus[order.status] ?? order.status}
          </Text>
          <Stepper
            active={
              isBankComplete(order.status)
                ? BANK_ORDER_STATUSES.length
                : bankStepIndex(order.status) + 1
            }
            orientation={stepperOrientation}
            size="sm"
            allowNextStepsSelect={false}
          >
            {BANK_ORDER_STATUSES.map((step) => (
              <Stepper.Step key={step} label={t.bankStatus[step]} />
            ))}
          </Stepper>
          {t.bank.nextStep[order.status] && (
            <Text mt="md" data-testid="bank-next-step">
              {t.bank.nextStep[order.status]}
            </Text>
          )}
          {order.status === 'LEGITIMISED' && order.onboardingURL && (
            <Alert color="blue" mt="md">
              <Text mb="xs">{t.bank.onboardingHint}</Text>
              <Anchor
                href={bankOrderLink(order.onboardingURL, institutionId)}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t.bank.onboarding}
                <VisuallyHidden> {t.offer.external}</VisuallyHidden>
              </Anchor>
            </Alert>
          )}
          {order.status === 'SET_UP' && order.bankingPortal && (
            <Alert color="green" mt="md">
              <Text mb="xs">{t.bank.portalHint}</Text>
              <Anchor
                href={bankOrderLink(order.bankingPortal, institutionId)}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t.bank.portal}
                <VisuallyHidden> {t.offer.external}</VisuallyHidden>
              </Anchor>
            </Alert>
          )}
        </Paper>
      )}
    </Stack>
  );
}
