import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import { Alert, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import type { DocumentType, PortalDocument, Relationship } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LeaveGuard } from '../../../components/leave-guard';
import { LoadingStatus } from '../../../components/loading-status';
import { ScrollTable } from '../../../components/scroll-table';
import { isHeldBackBySession } from '../../../lib/oidc';
import { useUnsavedParts } from '../../../lib/use-unsaved-parts';
import { documents as t } from '../../../messages/de';
import { documentMetadataQueryKey } from '../api/document-metadata';
import { documentListsQueryKey } from '../api/documents';
import { fetchCaseDocuments, relationshipsQueryOptions } from '../api/manage';
import {
  type DocumentStoreEvent,
  documentStoreReducer,
  initialDocumentStore,
  loadAllCases,
} from '../model/document-store';
import { CUSTOMER_PARAM } from '../model/document-types';
import { formatGermanDate } from '../model/file-name';
import { CustomerPicker } from './customer-picker';
import { DeleteDocumentDialog, EditDocumentDialog } from './document-dialogs';
import { UploadForm } from './upload-form';

/** Date pickers (spec section 2): weeks of 7 days, always 6 weeks shown, starting on Monday. */
const DATES_SETTINGS = { locale: 'de', firstDayOfWeek: 1, consistentWeeks: true } as const;

export interface ManageDocumentsProps {
  /** The current (trusted) institution. */
  institutionId: string;
  documentType: DocumentType;
  /** The largest upload in bytes (public config), if the server names it. */
  uploadMaxBytes?: number;
}

/**
 * 'Dokumente verwalten' for members of a trusted institution: choose a customer, upload to one
 * of its business cases, edit and delete; the customer's business-case lists of this type load
 * per case (a failed case is marked alone, all failing sets the global error).
 */
export function ManageDocuments({
  institutionId,
  documentType,
  uploadMaxBytes,
}: ManageDocumentsProps) {
  const relationships = useQuery(relationshipsQueryOptions(institutionId));
  const customers = (relationships.data ?? []).filter((relationship) => relationship.owner);
  // The chosen customer is part of the address (`customerId`): a reload, a shared link and the
  // way back from a download keep it, and the document type links carry it along.
  const [searchParams, setSearchParams] = useSearchParams();
  const customerId = searchParams.get(CUSTOMER_PARAM);
  const customer = customers.find((c) => c.contractorId === customerId) ?? null;
  const selectCustomer = useCallback(
    (id: string | null) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set(CUSTOMER_PARAM, id);
          else next.delete(CUSTOMER_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  return (
    <DatesProvider settings={DATES_SETTINGS}>
      <Stack component="section" aria-labelledby="manage-documents-title" mt="xl">
        <Title order={2} id="manage-documents-title">
          {t.manage.title}
        </Title>
        <Text>{t.manage.intro}</Text>
        {relationships.isPending ? (
          <LoadingStatus label={t.loading} />
        ) : relationships.data === undefined ? (
          // Only a first load that failed: a failed refresh keeps the customers already shown
          // (and with them the chosen files and drafts below).
          <Alert color="red" role="alert">
            {t.manage.customersError}
          </Alert>
        ) : customers.length === 0 ? (
          <Text>{t.manage.noCustomers}</Text>
        ) : (
          <>
            <CustomerPicker
              customers={customers}
              value={customer?.contractorId ?? null}
              onChange={selectCustomer}
            />
            {customer ? (
              <CustomerDocuments
                key={`${customer.contractorId}:${documentType}`}
                customer={customer}
                documentType={documentType}
                uploadMaxBytes={uploadMaxBytes}
              />
            ) : (
              <Text c="dimmed">{t.manage.chooseCustomer}</Text>
            )}
          </>
        )}
      </Stack>
    </DatesProvider>
  );
}

function CustomerDocuments({
  customer,
  documentType,
  uploadMaxBytes,
}: {
  customer: Relationship;
  documentType: DocumentType;
  uploadMaxBytes: number | undefined;
}) {
  const queryClient = useQueryClient();
  const [store, dispatch] = useReducer(
    documentStoreReducer<PortalDocument>,
    undefined,
    initialDocumentStore<PortalDocument>,
  );
  const [editing, setEditing] = useState<PortalDocument | null>(null);
  const [deleting, setDeleting] = useState<PortalDocument | null>(null);
  // One leave guard for the upload and the edit dialog (the router heeds only one blocker).
  const unsaved = useUnsavedParts();
  const mounted = useRef(true);
  const customerId = customer.contractorId;
  const cases = customer.businessCases;

  const reload = useCallback(async () => {
    await loadAllCases(
      cases.map((bc) => bc.id),
      (businessCaseId) => fetchCaseDocuments(customerId, businessCaseId, documentType),
      (event: DocumentStoreEvent<PortalDocument>) => {
        if (mounted.current) dispatch(event);
      },
      isHeldBackBySession,
    );
  }, [cases, customerId, documentType]);

  useEffect(() => {
    mounted.current = true;
    void reload();
    return () => {
      mounted.current = false;
    };
  }, [reload]);

  /**
   * After upload, update or delete: reload the lists here and the customer's cached lists and
   * counts; nothing else changed (the customers above stay as they are).
   */
  const changed = useCallback(() => {
    void reload();
    void queryClient.invalidateQueries({ queryKey: documentListsQueryKey(customerId) });
    void queryClient.invalidateQueries({ queryKey: documentMetadataQueryKey(customerId) });
  }, [reload, queryClient, customerId]);

  if (cases.length === 0) return <Text>{t.manage.noBusinessCases}</Text>;

  return (
    <Stack>
      <LeaveGuard
        isDirty={unsaved.isDirty}
        body={unsaved.dirtyParts.has('upload') ? t.manage.unsavedUpload : undefined}
      />
      <UploadForm
        customerId={customerId}
        businessCases={cases}
        documentType={documentType}
        maxBytes={uploadMaxBytes}
        dispatch={dispatch}
        onUploaded={changed}
        reportDirty={unsaved.reporter('upload')}
      />
      {store.loadAllError ? (
        <Alert color="red" role="alert">
          {t.manage.allError}
        </Alert>
      ) : (
        cases.map((bc) => {
          const items = store.byBusinessCase[bc.id];
          return (
            <Stack key={bc.id} gap="xs" component="section" aria-label={bc.businessCaseTypeLabel}>
              <Title order={3}>{t.manage.caseHeading(bc.businessCaseTypeLabel)}</Title>
              {store.businessCaseErrors.includes(bc.id) ? (
                <Alert color="red" role="alert">
                  {t.manage.caseError}
                </Alert>
              ) : !items ? (
                <LoadingStatus size="sm" label={t.loading} />
              ) : items.length === 0 ? (
                <Text c="dimmed">{t.manage.caseEmpty}</Text>
              ) : (
                <ScrollTable minWidth={560} label={t.manage.caseHeading(bc.businessCaseTypeLabel)}>
                  <Table striped>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t.columns.name}</Table.Th>
                        <Table.Th>{t.columns.date}</Table.Th>
                        <Table.Th>{t.columns.description}</Table.Th>
                        <Table.Th>{t.columns.actions}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {items.map((item) => (
                        <Table.Tr key={item.id} data-testid="manage-document-row">
                          <Table.Td>{item.displayName}</Table.Td>
                          <Table.Td>{formatGermanDate(item.createdAt)}</Table.Td>
                          <Table.Td>{item.description ?? ''}</Table.Td>
                          <Table.Td>
                            <Group gap="xs" wrap="nowrap">
                              <Button
                                size="xs"
                                variant="light"
                                aria-label={t.manage.editLabel(item.displayName)}
                                onClick={() => setEditing(item)}
                              >
                                {t.manage.edit}
                              </Button>
                              <Button
                                size="xs"
                                variant="light"
                                color="red"
                                aria-label={t.manage.deleteLabel(item.displayName)}
                                onClick={() => setDeleting(item)}
                              >
                                {t.manage.delete}
                              </Button>
                            </Group>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollTable>
              )}
            </Stack>
          );
        })
      )}
      <EditDocumentDialog
        institutionId={customerId}
        document={editing}
        onClose={() => setEditing(null)}
        onChanged={changed}
        reportDirty={unsaved.reporter('edit')}
      />
      <DeleteDocumentDialog
        institutionId={customerId}
        document={deleting}
        onClose={() => setDeleting(null)}
        onChanged={changed}
      />
    </Stack>
  );
}
