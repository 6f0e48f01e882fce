import { Alert, Button, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { PortalDocument } from '@portal/contract';
import { useEffect, useState } from 'react';
import { AppModal } from '../../../components/app-modal';
import { ConfirmModal } from '../../../components/confirm-modal';
import { GermanDateInput } from '../../../components/german-date-input';
import { notifyError, notifySuccess } from '../../../components/notifications';
import { isApiError } from '../../../lib/api-client';
import { type DirtyReport, useReportDirty } from '../../../lib/use-unsaved-parts';
import { documents as t } from '../../../messages/de';
import { deleteDocument, updateDocument } from '../api/manage';
import { DESCRIPTION_MAX_LENGTH, DISPLAY_NAME_MAX_LENGTH } from '../model/limits';
import { failureMessage } from '../model/upload-draft';

interface DialogProps {
  institutionId: string;
  /** The document to edit or delete; null: closed. */
  document: PortalDocument | null;
  onClose(): void;
  /** After a successful change (the lists reload). */
  onChanged(): void;
}

interface EditDialogProps extends DialogProps {
  /**
   * Told whether the dialog holds changes not saved yet: the page's leave guard then asks
   * before Back or a link leaves, and a session that ends meanwhile keeps the page (and the
   * input) instead of leaving for the sign-in page.
   */
  reportDirty?: DirtyReport;
}

/** Edit display name, date and description (`PUT …/document/{id}`). */
export function EditDocumentDialog({
  institutionId,
  document,
  onClose,
  onChanged,
  reportDirty,
}: EditDialogProps) {
  const [displayName, setDisplayName] = useState('');
  const [createdAt, setCreatedAt] = useState('');
  const [description, setDescription] = useState('');
  const [saving, setSaving] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  /** Someone else changed the document after the list was loaded (409). */
  const [hasConflict, setHasConflict] = useState(false);

  /** The document the fields were filled from (they are filled after the first render). */
  const [filledFrom, setFilledFrom] = useState<PortalDocument | null>(null);
  const isDirty =
    document !== null &&
    filledFrom === document &&
    (displayName !== document.displayName ||
      createdAt !== document.createdAt ||
      description !== (document.description ?? ''));
  useReportDirty(isDirty, reportDirty);

  useEffect(() => {
    if (!document) return;
    setDisplayName(document.displayName);
    setCreatedAt(document.createdAt);
    setDescription(document.description ?? '');
    setSubmitted(false);
    setHasConflict(false);
    setFilledFrom(document);
  }, [document]);

  async function save() {
    if (!document) return;
    setSubmitted(true);
    if (!displayName.trim() || !createdAt) return;
    setSaving(true);
    try {
      await updateDocument(institutionId, document.id, {
        displayName: displayName.trim(),
        createdAt,
        ...(description.trim() ? { description: description.trim() } : {}),
        // The version edited: a change someone else saved meanwhile is not overwritten (409).
        version: document.version,
      });
      notifySuccess(t.updated);
      onClose();
      onChanged();
    } catch (error) {
      notifyError(failureMessage(t.updateFailed, error));
      // The input stays; the dialog offers the current data instead.
      if (isApiError(error) && error.status === 409) setHasConflict(true);
    } finally {
      setSaving(false);
    }
  }

  return (
    <AppModal
      opened={document !== null}
      onClose={onClose}
      headline={t.manage.editTitle}
      isDismissable={!saving}
      footer={
        <>
          <Button variant="default" onClick={onClose} disabled={saving}>
            {t.manage.cancel}
          </Button>
          <Button onClick={() => void save()} loading={saving}>
            {t.manage.save}
          </Button>
        </>
      }
    >
      <Stack>
        {hasConflict && (
          <Alert color="red" role="alert" title={t.manage.changedMeanwhileTitle}>
            <Text size="sm">{t.manage.changedMeanwhile}</Text>
            <Button
              mt="sm"
              variant="default"
              onClick={() => {
                onClose();
                onChanged();
              }}
            >
              {t.manage.reload}
            </Button>
          </Alert>
        )}
        <TextInput
          label={t.manage.displayName}
          value={displayName}
          onChange={(event) => setDisplayName(event.currentTarget.value)}
          required
          maxLength={DISPLAY_NAME_MAX_LENGTH}
          data-autofocus
          error={submitted && !displayName.trim() ? t.manage.required : undefined}
        />
        <GermanDateInput
          label={t.manage.createdAt}
          value={createdAt || null}
          onChange={(value) => setCreatedAt(value ?? '')}
          required
          error={submitted && !createdAt ? t.manage.required : undefined}
        />
        <Textarea
          label={t.manage.description}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          maxLength={DESCRIPTION_MAX_LENGTH}
          autosize
          minRows={2}
        />
      </Stack>
    </AppModal>
  );
}

/** Delete after a confirmation (`DELETE …/document/{id}`). */
export function DeleteDocumentDialog({ institutionId, document, onClose, onChanged }: DialogProps) {
  const [deleting, setDeleting] = useState(false);

  async function confirm() {
    if (!document) return;
    setDeleting(true);
    try {
      await deleteDocument(institutionId, document.id);
      notifySuccess(t.deleted);
      onClose();
      onChanged();
    } catch (error) {
      notifyError(failureMessage(t.deleteFailed, error));
    } finally {
      setDeleting(false);
    }
  }

  return (
    <ConfirmModal
      opened={document !== null}
      headline={t.manage.deleteTitle}
      confirmLabel={t.manage.delete}
      cancelLabel={t.manage.cancel}
      onConfirm={() => void confirm()}
      onCancel={onClose}
      pending={deleting}
      confirmColor="red.9"
      focus="cancel"
    >
      <Text>{document ? t.manage.deleteConfirm(document.displayName) : ''}</Text>
    </ConfirmModal>
  );
}
