import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Input.css';
import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { BANK_ORDER_STATUSES, type BankOrderStatus } from '@portal/contract';
import { useMemo, useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ListPages, pageOf } from '../../../components/list-pages';
import { LoadFailed } from '../../../components/load-failed';
import { LoadingStatus } from '../../../components/loading-status';
import { notifyError, notifySuccess } from '../../../components/notifications';
import { ScrollTable } from '../../../components/scroll-table';
import { isApiError } from '../../../lib/api-client';
import { matchesSearch, searchWords } from '../../../lib/search-words';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { orders as t } from '../../../messages/de';
import {
  type CustomerBankOrder,
  useAdvanceBankOrder,
  useCustomerBankOrders,
} from '../api/orders-api';
import { formatDate } from '../model/formats';
import { laterBankStatuses } from '../model/orders-model';

/**
 * Orders per page. A provider of 600 customers has an order or more of each, most of them long
 * set up: 50 at a time, found by a search for the customer or status, or only the open ones.
 */
export const CONTRACTOR_ORDERS_PAGE_SIZE = 50;

/** The trusted contractor's admin moves customers' bank orders forward. */
export function ContractorBankOrders({ contractorId }: { contractorId: string }) {
  const query = useCustomerBankOrders(contractorId, true);
  const [searchText, setSearchText] = useState('');
  const [openOnly, setOpenOnly] = useState(false);
  const [page, setPage] = useState(1);
  const words = useMemo(() => searchWords(searchText), [searchText]);
  const found = useMemo(
    () =>
      (query.data ?? []).filter(
        (row) =>
          (!openOnly || laterBankStatuses(row.status).length > 0) &&
          matchesSearch(
            [row.customerName, row.referenceNumber, t.bankStatus[row.status] ?? row.status],
            words,
          ),
      ),
    [query.data, openOnly, words],
  );
  const { pages, current, first, shown } = pageOf(found, page, CONTRACTOR_ORDERS_PAGE_SIZE);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="contractor-bank-orders">
      <Title order={2} size="h3" id="contractor-bank-orders" mb="xs">
        {t.contractor.title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t.contractor.intro}
      </Text>
      {query.isPending ? (
        <LoadingStatus size="sm" label={t.loading} />
      ) : query.isError ? (
        // A failed load is no "empty": said, with another try (docs/decisions/018).
        <LoadFailed
          message={t.contractor.loadFailed}
          isRetrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.length === 0 ? (
        <Text c="dimmed">{t.contractor.empty}</Text>
      ) : (
        <Stack gap="sm">
          <Group align="end" gap="md">
            <TextInput
              type="search"
              label={t.contractor.search}
              value={searchText}
              onChange={(event) => {
                setSearchText(event.currentTarget.value);
                setPage(1);
              }}
              w={320}
              maw="100%"
            />
            <Checkbox
              label={t.contractor.openOnly}
              checked={openOnly}
              onChange={(event) => {
                setOpenOnly(event.currentTarget.checked);
                setPage(1);
              }}
              mb={8}
            />
          </Group>
          {found.length === 0 ? (
            <Text c="dimmed" aria-live="polite">
              {t.contractor.noneFound}
            </Text>
          ) : (
            <ScrollTable minWidth={720} label={t.contractor.title} stacked>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t.contractor.customer}</Table.Th>
                    <Table.Th>{t.contractor.customerNumber}</Table.Th>
                    {/* A customer may have several orders: the date tells them apart. */}
                    <Table.Th>{t.contractor.createdAt}</Table.Th>
                    <Table.Th>{t.contractor.current}</Table.Th>
                    <Table.Th>{t.contractor.next}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((row) => (
                    <AdvanceRow key={row.orderId} row={row} contractorId={contractorId} />
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )}
          <ListPages
            label={t.contractor.pages}
            summary={t.contractor.pageSummary(first + 1, first + shown.length, found.length)}
            pages={pages}
            current={current}
            onChange={setPage}
          />
        </Stack>
      )}
    </Paper>
  );
}

function AdvanceRow({ row, contractorId }: { row: CustomerBankOrder; contractorId: string }) {
  const options = laterBankStatuses(row.status);
  const [next, setNext] = useState<string>(options[0] ?? '');
  const mutation = useAdvanceBankOrder(contractorId);
  const selected = options.includes(next as BankOrderStatus) ? next : (options[0] ?? '');
  // A status set cannot be taken back (forward only): it is asked for once more first.
  const [confirming, setConfirming] = useState(false);
  const once = useSingleFlight();
  // Once, also when the confirmation is clicked twice: the status moves forward only.
  const submit = () => {
    if (!selected) return;
    once(() =>
      mutation
        .mutateAsync({
          customerId: row.customerId,
          orderId: row.orderId,
          status: selected as BankOrderStatus,
        })
        .then(
          () => notifySuccess(t.contractor.saved),
          (error) =>
            notifyError(
              isApiError(error) && error.problem?.detail
                ? error.problem.detail
                : t.contractor.failed,
            ),
        )
        .finally(() => setConfirming(false)),
    );
  };
  return (
    <Table.Tr data-testid={`contractor-order-${row.orderId}`}>
      <Table.Td data-label={t.contractor.customer}>{row.customerName}</Table.Td>
      <Table.Td data-label={t.contractor.customerNumber}>{row.referenceNumber}</Table.Td>
      <Table.Td data-label={t.contractor.createdAt}>{formatDate(row.createdAt)}</Table.Td>
      <Table.Td data-label={t.contractor.current}>
        {t.bankStatus[row.status] ?? row.status}
      </Table.Td>
      <Table.Td data-label={t.contractor.next}>
        {options.length === 0 ? (
          <Text c="dimmed">{t.contractor.complete}</Text>
        ) : (
          <Stack gap={4}>
            <Group gap="xs" align="end">
              {/* Named by the column's 'Neuer Status' (the card's line on a phone); a label
              above every row's select repeated it fifty times. */}
              <NativeSelect
                aria-label={`${t.contractor.next} (${row.customerName})`}
                value={selected}
                onChange={(event) => setNext(event.currentTarget.value)}
                data={BANK_ORDER_STATUSES.filter((s) => options.includes(s)).map((s) => ({
                  value: s,
                  label: t.bankStatus[s] ?? s,
                }))}
              />
              <Button onClick={() => setConfirming(true)} loading={mutation.isPending}>
                {t.contractor.save}
              </Button>
            </Group>
          </Stack>
        )}
        <ConfirmModal
          opened={confirming}
          headline={t.contractor.save}
          confirmLabel={t.contractor.save}
          cancelLabel={t.contractor.cancel}
          onConfirm={submit}
          onCancel={() => setConfirming(false)}
          pending={mutation.isPending}
          focus="cancel"
        >
          <Text>
            {t.contractor.question(
              row.customerName,
              formatDate(row.createdAt),
              t.bankStatus[row.status] ?? row.status,
              t.bankStatus[selected] ?? selected,
            )}
          </Text>
        </ConfirmModal>
      </Table.Td>
    </Table.Tr>
  );
}
