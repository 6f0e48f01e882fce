import '@mantine/core/styles/Stack.css';
import { Badge, Button, Group, Stack, VisuallyHidden } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { app, documents as t } from '../../../messages/de';
import { useDocumentMetadata } from '../api/document-metadata';
import { CUSTOMER_PARAM, DOCUMENT_TYPES, type DocumentType } from '../model/document-types';

/**
 * The seven document types as links, each with the caller's unread count as a badge (the same
 * metadata query as the dashboard tiles, so a download lowers both without a reload). When the
 * counts' first load failed, the tabs stay (they lead to the lists) and below them a compact
 * LoadFailed says the counts are missing, with 'Erneut laden' (decision 018): without badges
 * every type had looked read. A failed reload keeps the counts shown.
 */
export function DocumentTypeNav({
  institutionId,
  current,
}: {
  institutionId: string;
  current: string | null;
}) {
  const metadata = useDocumentMetadata(institutionId);
  // The customer chosen under 'Dokumente verwalten' stays chosen in the other types.
  const customerId = useSearchParams()[0].get(CUSTOMER_PARAM);
  const customerQuery = customerId ? `&${CUSTOMER_PARAM}=${encodeURIComponent(customerId)}` : '';
  const unread = (type: DocumentType) =>
    metadata.data?.find((entry) => entry.documentType === type)?.countUnread ?? 0;
  return (
    <Stack gap="xs">
      <Group component="nav" aria-label={t.typeNav} gap="xs">
        {DOCUMENT_TYPES.map((type) => {
          const count = unread(type);
          const active = type === current;
          return (
            <Button
              key={type}
              component={Link}
              to={`/document?documentType=${type}${customerQuery}`}
              size="compact-sm"
              variant={active ? 'filled' : 'light'}
              aria-current={active ? 'page' : undefined}
              data-testid={`document-type-${type}`}
              rightSection={
                count > 0 ? (
                  <Badge size="sm" color="red.9" circle={count < 10}>
                    {count}
                    <VisuallyHidden> {t.unreadSuffix}</VisuallyHidden>
                  </Badge>
                ) : undefined
              }
            >
              {app.documentTypes[type]}
            </Button>
          );
        })}
      </Group>
      {metadata.isError && metadata.data === undefined && (
        <LoadFailed
          compact
          message={t.typeCountsLoadError}
          isRetrying={metadata.isFetching}
          onRetry={() => void metadata.refetch()}
        />
      )}
    </Stack>
  );
}
