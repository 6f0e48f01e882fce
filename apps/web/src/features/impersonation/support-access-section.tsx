import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { ScrollTable } from '../../components/scroll-table';
import { impersonation as t } from '../../messages/de/impersonation';
import { getSupportAccess } from './api/impersonation-api';
import { formatAccessTime, formatDuration } from './model/support-access';

/** Support-Zugriffe: who impersonated a user of the institution, from where, when, how long. */
export function SupportAccessSection({ institutionId }: { institutionId: string }) {
  const headingId = useId();
  const accesses = useQuery({
    queryKey: ['impersonation', 'support-access', institutionId],
    queryFn: ({ signal }) => getSupportAccess(institutionId, signal),
  });
  return (
    <Paper
      component="section"
      withBorder
      p="lg"
      radius="md"
      aria-labelledby={headingId}
      data-testid="support-access"
    >
      <Stack gap="md">
        <Title order={2} fz="h3" id={headingId}>
          {t.supportAccessTitle}
        </Title>
        {accesses.isError && (
          <Text c="red.9" role="alert">
            {t.supportAccessFailed}
          </Text>
        )}
        {accesses.data && accesses.data.length === 0 && <Text>{t.supportAccessEmpty}</Text>}
        {accesses.data && accesses.data.length > 0 && (
          <ScrollTable minWidth={640} label={t.supportAccessTitle} stacked>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t.columns.who}</Table.Th>
                  <Table.Th scope="col">{t.columns.asUser}</Table.Th>
                  <Table.Th scope="col">{t.columns.contractor}</Table.Th>
                  <Table.Th scope="col">{t.columns.when}</Table.Th>
                  <Table.Th scope="col">{t.columns.duration}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {accesses.data.map((access) => (
                  <Table.Tr key={access.id}>
                    <Table.Td data-label={t.columns.whoOnCard}>{access.impersonatorName}</Table.Td>
                    <Table.Td data-label={t.columns.asUser}>{access.userName}</Table.Td>
                    <Table.Td data-label={t.columns.contractor}>
                      {access.contractorNames.join(', ')}
                    </Table.Td>
                    <Table.Td data-label={t.columns.when}>
                      {formatAccessTime(access.startedAt)}
                    </Table.Td>
                    <Table.Td data-label={t.columns.duration}>
                      {formatDuration(access.durationSeconds)}{' '}
                      {access.endedAt === null && (
                        <Badge color="yellow.3" c="dark.9" variant="filled">
                          {t.running}
                        </Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Stack>
    </Paper>
  );
}
