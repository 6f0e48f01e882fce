import './styles';
import {
  Alert,
  Checkbox,
  Fieldset,
  Paper,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  Title,
} from '@mantine/core';
import {
  ORDER_STATUS_FLAG_NAMES,
  type OrderStatusFlags,
  type TiOrderStatusRecord,
} from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Navigate } from 'react-router';
import { LoadFailed } from '../../components/load-failed';
import { LoadingStatus } from '../../components/loading-status';
import { notifyError } from '../../components/notifications';
import { type Breadcrumb, PageHeader } from '../../components/page-header';
import { isApiError } from '../../lib/api-client';
import { orders as t } from '../../messages/de';
import { orderStatusQueryKey, putOrderStatus, useOrder, useOrderStatus } from './api/orders-api';
import {
  isOrderNotFound,
  OrderNotFound,
  type OtherInstitution,
} from './components/order-not-found';
import { PrecheckPicker } from './components/precheck-picker';
import { useStepperOrientation } from './components/use-stepper-orientation';
import { formatDate, formatDateTime } from './model/formats';
import { orderStatusPath, replaceFlag, TI_STATUSES, tiStepIndex } from './model/orders-model';

export interface TiStatusPageProps {
  institutionId: string;
  orderId: string;
  breadcrumbs: Breadcrumb[];
  /** The user's other institutions, where a linked order that is not here is looked up. */
  elsewhere?: readonly OtherInstitution[];
  onSwitchInstitution?(institutionId: string): void;
}

/** Bestellstatus of a TI order: stepper, the five flags, appointments and the pre-check picker. */
export function TiStatusPage({
  institutionId,
  orderId,
  breadcrumbs,
  elsewhere,
  onSwitchInstitution,
}: TiStatusPageProps) {
  const query = useOrderStatus(institutionId, orderId);
  // The order itself: its date says which order this is (on screen and on paper). And with no
  // TI status here it may be a bank order of this institution (an old link, one typed), whose
  // own page then opens instead of "not found".
  const notFound = isOrderNotFound(query.error);
  const order = useOrder(institutionId, orderId);
  const otherType = order.data && order.data.orderType !== 'TIORDER' ? order.data : null;
  const stepperOrientation = useStepperOrientation();
  const client = useQueryClient();
  const key = orderStatusQueryKey(institutionId, orderId);
  const [pending, setPending] = useState<keyof OrderStatusFlags | null>(null);
  const [reloading, setReloading] = useState(false);
  const record = query.data;
  // The current status is cleared while it reloads after the SMCB-ordered update.
  const status = reloading ? null : (record?.orderStatus ?? null);

  // One change at a time: a tick while another is saved is ignored (see the checkboxes).
  const saving = useRef(false);
  const toggle = async (name: keyof OrderStatusFlags, value: boolean) => {
    if (!record || saving.current) return;
    saving.current = true;
    setPending(name);
    const flags = replaceFlag(record, name, value);
    // Shown at once; the server's answer (or the old record on failure) replaces it.
    client.setQueryData<TiOrderStatusRecord>(key, (old) => (old ? { ...old, ...flags } : old));
    try {
      // With the version shown: a tick someone else set meanwhile is not undone (409).
      const saved = await putOrderStatus(institutionId, orderId, {
        ...flags,
        version: record.version,
      });
      // The flags come back at once; the installation status is reloaded (below).
      client.setQueryData<TiOrderStatusRecord>(key, (old) =>
        old ? { ...saved, orderStatus: old.orderStatus } : saved,
      );
      if (name === 'isSmcbCardOrdered' || saved.orderStatus !== record.orderStatus) {
        setReloading(true);
        try {
          await client.refetchQueries({ queryKey: key, exact: true });
        } finally {
          setReloading(false);
        }
      }
    } catch (error) {
      client.setQueryData<TiOrderStatusRecord>(key, record);
      if (isApiError(error) && error.status === 409) {
        // Changed meanwhile (another tab, another person): show what is stored now.
        notifyError(t.ti.changedMeanwhile);
        await client.refetchQueries({ queryKey: key, exact: true });
      } else {
        notifyError(t.ti.updateFailed);
      }
    } finally {
      saving.current = false;
      setPending(null);
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader title={t.orderStatusTitle} breadcrumbs={breadcrumbs} />
      {query.isPending || (notFound && order.isPending) ? (
        <LoadingStatus size="sm" label={t.loading} />
      ) : otherType ? (
        <Navigate to={orderStatusPath(otherType)} replace />
      ) : notFound ? (
        <OrderNotFound
          orderId={orderId}
          elsewhere={elsewhere}
          onSwitchInstitution={onSwitchInstitution}
        />
      ) : !record ? (
        // The first load failed (not a 404): said, with another try, instead of a page empty
        // below its heading (docs/decisions/018). A failed reload (after SMC-B ordered, after a
        // 409) keeps the record shown: it had emptied the page, ticks and appointments gone.
        <LoadFailed
          message={t.statusLoadFailed}
          isRetrying={query.isFetching}
          onRetry={() => {
            void query.refetch();
            if (order.isError) void order.refetch();
          }}
        />
      ) : (
        <>
          <Paper withBorder p="md" component="section" aria-labelledby="ti-steps">
            <Title order={2} size="h3" id="ti-steps" mb={order.data ? 'xs' : 'md'}>
              {t.ti.stepsLabel}
            </Title>
            {order.data && (
              <Text size="sm" c="dimmed" mb="md" data-testid="ti-created-at">
                {t.list.createdAt}: {formatDate(order.data.createdAt)}
              </Text>
            )}
            <Text mb="md" data-testid="ti-current-status" aria-live="polite">
              {t.ti.currentStatus}:{' '}
              {status ? (
                (t.tiStatus[status] ?? status)
              ) : (
                <Text span c="dimmed">
                  {t.ti.reloading}
                </Text>
              )}
            </Text>
            <Stepper
              active={status ? tiStepIndex(status) + 1 : -1}
              orientation={stepperOrientation}
              size="sm"
              allowNextStepsSelect={false}
            >
              {TI_STATUSES.map((step) => (
                <Stepper.Step key={step} label={t.tiStatus[step]} />
              ))}
            </Stepper>
          </Paper>
          {record.errorMessage && (
            <Alert color="red" data-testid="ti-error">
              {record.errorMessage}
            </Alert>
          )}
          <Fieldset legend={t.ti.flagsLegend} aria-busy={pending !== null}>
            <Stack gap="sm">
              {ORDER_STATUS_FLAG_NAMES.map((name) => (
                <Checkbox
                  key={name}
                  label={t.flags[name]}
                  checked={record[name]}
                  // Not disabled while a change is saved: the box just ticked with the space bar
                  // lost the focus to the page, so a keyboard user had to find the list again
                  // for every tick. Marked busy instead; a tick meanwhile is ignored.
                  aria-disabled={pending !== null}
                  onChange={(event) => void toggle(name, event.currentTarget.checked)}
                />
              ))}
            </Stack>
          </Fieldset>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Paper withBorder p="md">
              <Text fw={600}>{t.ti.preCheckAppointment}</Text>
              <Text data-testid="precheck-appointment">
                {formatDateTime(record.preCheckAppointment) || t.ti.noAppointment}
              </Text>
            </Paper>
            <Paper withBorder p="md">
              <Text fw={600}>{t.ti.installationAppointment}</Text>
              <Text data-testid="installation-appointment">
                {formatDateTime(record.installationAppointment) || t.ti.noAppointment}
              </Text>
            </Paper>
          </SimpleGrid>
          <PrecheckPicker
            institutionId={institutionId}
            orderId={orderId}
            booked={record.preCheckAppointment !== null}
            onBooked={(saved) => client.setQueryData(key, saved)}
            reload={async () => {
              await client.refetchQueries({ queryKey: key, exact: true });
              return client.getQueryData<TiOrderStatusRecord>(key);
            }}
          />
        </>
      )}
    </Stack>
  );
}
