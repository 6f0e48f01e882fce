import './styles';
import { Stack, Table, Text } from '@mantine/core';
import { LoadFailed } from '../../components/load-failed';
import { LoadingStatus } from '../../components/loading-status';
import { type Breadcrumb, PageHeader } from '../../components/page-header';
import { ScrollTable } from '../../components/scroll-table';
import { orders as t } from '../../messages/de';
import { useContracts } from './api/orders-api';
import { formatDate } from './model/formats';
import { contractRows } from './model/orders-model';

export interface ContractsPageProps {
  institutionId: string;
  breadcrumbs: Breadcrumb[];
}

/**
 * Verträge: the institution's relationships with trusted contractors (not its own customers)
 * and their business cases; a contractor without business cases is listed too. On a phone each
 * row is a card: scrolled sideways, the business case (what a row is about) was cut off.
 */
export function ContractsPage({ institutionId, breadcrumbs }: ContractsPageProps) {
  const query = useContracts(institutionId);
  const rows = contractRows(query.data ?? []);
  return (
    <Stack>
      <PageHeader title={t.contracts.title} breadcrumbs={breadcrumbs} />
      {query.isPending ? (
        <LoadingStatus size="sm" label={t.loading} />
      ) : query.isError ? (
        <LoadFailed
          message={t.contracts.loadFailed}
          isRetrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t.contracts.empty}</Text>
      ) : (
        <ScrollTable minWidth={560} label={t.contracts.title} stacked>
          <Table striped data-testid="contracts-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.contracts.contractor}</Table.Th>
                <Table.Th>{t.contracts.customerNumber}</Table.Th>
                <Table.Th>{t.contracts.businessCase}</Table.Th>
                <Table.Th>{t.contracts.since}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key}>
                  <Table.Td data-label={t.contracts.contractorOnCard}>
                    {row.contractorName}
                  </Table.Td>
                  <Table.Td data-label={t.contracts.customerNumber}>{row.referenceNumber}</Table.Td>
                  <Table.Td
                    data-label={t.contracts.businessCase}
                    c={row.businessCaseLabel === null ? 'dimmed' : undefined}
                  >
                    {row.businessCaseLabel ?? t.contracts.noBusinessCases}
                  </Table.Td>
                  <Table.Td data-label={t.contracts.since}>{formatDate(row.since)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}
