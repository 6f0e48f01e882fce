import './styles';
import { Alert, Loader, Stack, Table, Text } from '@mantine/core';
import { type Breadcrumb, PageHeader } from '../../components/page-header';
import { orders as t } from '../../messages/de';
import { useRelationships } from './api/orders-api';
import { formatDate } from './model/formats';

export interface ContractsPageProps {
  institutionId: string;
  breadcrumbs: Breadcrumb[];
}

/** Verträge: relationships with trusted contractors and their business cases. */
export function ContractsPage({ institutionId, breadcrumbs }: ContractsPageProps) {
  const query = useRelationships(institutionId);
  const rows = (query.data ?? []).flatMap((relationship) =>
    relationship.businessCases.map((businessCase) => ({ relationship, businessCase })),
  );
  return (
    <Stack>
      <PageHeader title={t.contracts.title} breadcrumbs={breadcrumbs} />
      {query.isPending ? (
        <Loader size="sm" aria-label={t.contracts.title} />
      ) : query.isError ? (
        <Alert color="red">{t.contracts.loadFailed}</Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t.contracts.empty}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
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
              {rows.map(({ relationship, businessCase }) => (
                <Table.Tr key={businessCase.id}>
                  <Table.Td>{relationship.contractorName}</Table.Td>
                  <Table.Td>{relationship.referenceNumber}</Table.Td>
                  <Table.Td>{businessCase.businessCaseTypeLabel}</Table.Td>
                  <Table.Td>{formatDate(businessCase.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
