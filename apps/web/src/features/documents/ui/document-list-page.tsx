import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Progress.css';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Progress,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import type { PortalDocument } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAppContext } from '../../../app/app-context';
import { useBreadcrumbs } from '../../../app/breadcrumbs';
import { useServices } from '../../../app/services';
import { ListPages, pageOf } from '../../../components/list-pages';
import { LoadFailed } from '../../../components/load-failed';
import { LoadingStatus } from '../../../components/loading-status';
import { notifyError } from '../../../components/notifications';
import { PageHeader } from '../../../components/page-header';
import { ScrollTable } from '../../../components/scroll-table';
import { isApiError } from '../../../lib/api-client';
import { isHeldBackBySession } from '../../../lib/oidc';
import { searchWords } from '../../../lib/search-words';
import { documents as t } from '../../../messages/de';
import { documentMetadataQueryKey } from '../api/document-metadata';
import {
  documentListQueryOptions,
  documentListsQueryKey,
  downloadDocument,
} from '../api/documents';
import { matchesDocumentSearch } from '../model/document-search';
import { documentTypeLabel, isDocumentType } from '../model/document-types';
import { downloadFileName, fileSummary, formatGermanDate } from '../model/file-name';
import classes from './document-list-page.module.css';
import { DocumentTypeNav } from './document-type-nav';
import { ManageDocuments } from './manage-documents';

/**
 * Documents per page. A hospital group's 3 000 documents are some 430 of each type, all drawn at
 * once (and more every month): 50 at a time, newest first.
 */
export const DOCUMENTS_PAGE_SIZE = 50;

function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** What the list shows of the institution's documents of one type (`key`). */
interface ListView {
  key: string;
  page: number;
  text: string;
  unreadOnly: boolean;
  /** The business case shown; '' all. */
  caseId: string;
}

const UNFILTERED = { page: 1, text: '', unreadOnly: false, caseId: '' } as const;

/** The business cases the documents belong to, each once, in German order of their labels. */
function businessCasesOf(items: readonly PortalDocument[]): { id: string; label: string }[] {
  const byId = new Map(items.map((item) => [item.businessCase.id, item.businessCase.label]));
  return [...byId]
    .map(([id, label]) => ({ id, label }))
    .sort((a, b) => a.label.localeCompare(b.label, 'de'));
}

/** `/document?documentType=…`: the institution's documents of one type, newest first. */
export function DocumentListPage() {
  const [searchParams] = useSearchParams();
  const documentType = searchParams.get('documentType');
  const { currentInstitutionId, permissions } = useAppContext();
  const { config } = useServices();
  const queryClient = useQueryClient();
  const valid = isDocumentType(documentType);
  const list = useQuery({
    ...documentListQueryOptions(currentInstitutionId ?? '', documentType ?? ''),
    enabled: Boolean(currentInstitutionId) && valid,
  });
  // Page, search and filters belong to the institution's list of one type: another type, or the
  // same type of another institution, opens on its first page, unsearched and unfiltered.
  const listKey = `${currentInstitutionId ?? ''}|${documentType ?? ''}`;
  const [view, setView] = useState<ListView>({ ...UNFILTERED, key: listKey });
  const shownView = view.key === listKey ? view : { ...UNFILTERED, key: listKey };
  /** A change of the search or a filter starts on the first page. */
  const changeView = (change: Partial<ListView>) =>
    setView({ ...shownView, page: 1, ...change, key: listKey });
  const searchText = shownView.text;
  const words = useMemo(() => searchWords(searchText), [searchText]);
  const businessCases = useMemo(() => businessCasesOf(list.data ?? []), [list.data]);
  // A business case no longer in the list (its last document removed) filters nothing.
  const caseId = businessCases.some((item) => item.id === shownView.caseId) ? shownView.caseId : '';
  const unreadCount = useMemo(
    () => (list.data ?? []).filter((item) => item.unread).length,
    [list.data],
  );
  const { unreadOnly } = shownView;
  const found = useMemo(
    () =>
      (list.data ?? []).filter(
        (item) =>
          (!unreadOnly || item.unread) &&
          (!caseId || item.businessCase.id === caseId) &&
          matchesDocumentSearch(item, words),
      ),
    [list.data, words, unreadOnly, caseId],
  );
  const isFiltered = words.length > 0 || unreadOnly || caseId !== '';
  const { pages, current, first, shown } = pageOf(found, shownView.page, DOCUMENTS_PAGE_SIZE);
  /** The documents whose downloads are on their way (several at once, each its own). */
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  /** How far each download has come, in whole percent (when the server said the size). */
  const [arrived, setArrived] = useState<ReadonlyMap<string, number>>(new Map());
  const noteArrived = (id: string, percent: number | undefined) =>
    setArrived((current) => {
      if (current.get(id) === percent) return current;
      const next = new Map(current);
      if (percent === undefined) next.delete(id);
      else next.set(id, percent);
      return next;
    });
  const label = documentTypeLabel(documentType);
  const breadcrumbs = useBreadcrumbs();

  /** The lists and the counts again: a document was read, or is gone. */
  const reloadLists = (institutionId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: documentMetadataQueryKey(institutionId) }),
      queryClient.invalidateQueries({ queryKey: documentListsQueryKey(institutionId) }),
    ]);

  async function download(item: PortalDocument) {
    if (!currentInstitutionId) return;
    setBusy((ids) => new Set(ids).add(item.id));
    try {
      const blob = await downloadDocument(currentInstitutionId, item.id, ({ received, total }) => {
        if (total) noteArrived(item.id, Math.min(100, Math.floor((received / total) * 100)));
      });
      saveBlob(blob, downloadFileName(item.displayName, item.contentType));
      await reloadLists(currentInstitutionId);
    } catch (error) {
      // A failure is told where the person looks, whichever row of a long list they clicked (a
      // notice below the list was out of sight), naming the document and until dismissed. The
      // session's own notice tells of an ended sign-in.
      if (isHeldBackBySession(error)) return;
      if (isApiError(error) && error.status === 404) {
        // Removed by the contractor since the list was loaded: trying again cannot help.
        await reloadLists(currentInstitutionId);
        notifyError(t.downloadGone(item.displayName), { persistent: true });
      } else {
        notifyError(t.downloadFailed(item.displayName), { persistent: true });
      }
    } finally {
      noteArrived(item.id, undefined);
      setBusy((ids) => {
        const rest = new Set(ids);
        rest.delete(item.id);
        return rest;
      });
    }
  }

  return (
    <Stack>
      <PageHeader title={label} breadcrumbs={breadcrumbs} />
      {currentInstitutionId && (
        <div className={classes.screenOnly}>
          <DocumentTypeNav institutionId={currentInstitutionId} current={documentType} />
        </div>
      )}
      {!currentInstitutionId ? (
        <Text>{t.noInstitution}</Text>
      ) : !valid ? (
        <Alert color="yellow">{t.unknownType}</Alert>
      ) : list.isPending ? (
        <LoadingStatus label={t.loading} />
      ) : list.isError ? (
        <LoadFailed
          message={t.loadError}
          isRetrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.length === 0 ? (
        <Text>{t.empty}</Text>
      ) : (
        <>
          <Group
            align="flex-end"
            gap="md"
            data-testid="documents-filters"
            className={isFiltered ? undefined : classes.screenOnly}
          >
            <TextInput
              type="search"
              label={t.search.label}
              description={t.search.hint}
              value={searchText}
              onChange={(event) => changeView({ text: event.currentTarget.value })}
              w={480}
              maw="100%"
            />
            {businessCases.length > 1 && (
              <NativeSelect
                label={t.filter.businessCase}
                value={caseId}
                onChange={(event) => changeView({ caseId: event.currentTarget.value })}
                data={[
                  { value: '', label: t.filter.allBusinessCases },
                  ...businessCases.map((item) => ({ value: item.id, label: item.label })),
                ]}
                maw="100%"
              />
            )}
            {(unreadCount > 0 || unreadOnly) && (
              <Checkbox
                label={t.filter.unreadOnly(unreadCount)}
                checked={unreadOnly}
                onChange={(event) => changeView({ unreadOnly: event.currentTarget.checked })}
                // 24 px: a finger's target beside the select above it on a phone (WCAG 2.5.8).
                size="md"
                mb={6}
              />
            )}
          </Group>
          {/* Always in the page: a live region inserted together with its text is not read out. */}
          <Text size="sm" aria-live="polite" data-testid="documents-search-summary">
            {!isFiltered
              ? ''
              : found.length > 0
                ? t.search.found(found.length, list.data.length)
                : words.length > 0
                  ? t.search.none(searchText.trim())
                  : t.filter.none}
          </Text>
          {found.length > 0 && (
            <ScrollTable minWidth={640} label={t.tableCaption(label)} stacked>
              <Table striped highlightOnHover>
                <Table.Caption>{t.tableCaption(label)}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t.columns.name}</Table.Th>
                    <Table.Th>{t.columns.date}</Table.Th>
                    <Table.Th>{t.columns.description}</Table.Th>
                    <Table.Th>{t.columns.businessCase}</Table.Th>
                    <Table.Th className={classes.screenOnly}>{t.columns.actions}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((item) => (
                    <Table.Tr key={item.id} data-testid="document-row">
                      <Table.Td data-label={t.columns.name}>
                        <Text span fw={item.unread ? 700 : 400}>
                          {item.displayName}
                        </Text>{' '}
                        {item.unread && (
                          <Badge color="blue.9" size="sm">
                            {t.unread}
                          </Badge>
                        )}
                        <Text size="sm" c="dimmed" data-testid="document-file">
                          {fileSummary(item.contentType, item.size)}
                        </Text>
                      </Table.Td>
                      <Table.Td data-label={t.columns.date}>
                        {formatGermanDate(item.createdAt)}
                      </Table.Td>
                      <Table.Td data-label={t.columns.description}>
                        {item.description ?? ''}
                      </Table.Td>
                      <Table.Td data-label={t.columns.businessCase}>
                        {item.businessCase.label}
                      </Table.Td>
                      <Table.Td data-label={t.columns.actions} className={classes.screenOnly}>
                        <Button
                          size="xs"
                          variant="light"
                          loading={busy.has(item.id)}
                          aria-label={t.downloadLabel(item.displayName)}
                          onClick={() => void download(item)}
                        >
                          {t.download}
                        </Button>
                        {arrived.has(item.id) && (
                          <DownloadProgress
                            name={item.displayName}
                            percent={arrived.get(item.id) ?? 0}
                          />
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )}
        </>
      )}
      {list.data && (
        <ListPages
          label={t.pages}
          summary={t.pageSummary(first + 1, first + shown.length, found.length)}
          pages={pages}
          current={current}
          onChange={(page) => setView({ ...shownView, page })}
          testId="documents-page-summary"
        />
      )}
      {permissions.canManageDocuments && currentInstitutionId && valid && (
        <ManageDocuments
          institutionId={currentInstitutionId}
          documentType={documentType}
          uploadMaxBytes={config.uploadMaxBytes}
        />
      )}
    </Stack>
  );
}

/**
 * How far a download has come, under its button: a large file on a slow line shows it coming
 * instead of a spinner alone. Its value is read out in German ('35 %').
 */
function DownloadProgress({ name, percent }: { name: string; percent: number }) {
  return (
    <Progress.Root size="sm" mt={6} data-testid="download-progress">
      <Progress.Section
        value={percent}
        withAria={false}
        role="progressbar"
        aria-label={t.downloadProgress(name)}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent} %`}
      />
    </Progress.Root>
  );
}
