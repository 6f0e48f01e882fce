import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/dropzone/styles.css';
import {
  Alert,
  Button,
  Card,
  CloseButton,
  Group,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useMediaQuery } from '@mantine/hooks';
import type { DocumentType, RelationshipBusinessCase } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { focusFirstInvalid } from '../../../components/focus-first-invalid';
import { GermanDateInput } from '../../../components/german-date-input';
import { LeaveGuard } from '../../../components/leave-guard';
import { notifyError, notifySuccess } from '../../../components/notifications';
import { type DirtyReport, useReportDirty } from '../../../lib/use-unsaved-parts';
import { app, documents as t } from '../../../messages/de';
import { uploadDocument } from '../api/manage';
import { UPLOAD_ACCEPT } from '../model/accept';
import type { DocumentStoreEvent } from '../model/document-store';
import { uploadMany } from '../model/document-store';
import { DOCUMENT_TYPES } from '../model/document-types';
import { formatFileSize, formatSizeLimit, formatTooLarge } from '../model/file-size';
import { DESCRIPTION_MAX_LENGTH, DISPLAY_NAME_MAX_LENGTH } from '../model/limits';
import { draftFromFile, failureMessage, isoToday, type UploadDraft } from '../model/upload-draft';

/**
 * `failed`: sent and refused; it keeps its file and fields, shows why, and can be corrected
 * and sent again (with the drafts) or removed, like a draft.
 */
type EntryStatus = 'draft' | 'uploading' | 'done' | 'failed';
interface Entry extends UploadDraft {
  status: EntryStatus;
  progress: number;
  message: string;
}

/** A touch screen as the primary pointer (a phone, a tablet): the zone is tapped, not clicked. */
export const TOUCH_QUERY = '(pointer: coarse)';

export const TYPE_OPTIONS = DOCUMENT_TYPES.map((value) => ({
  value,
  label: app.documentTypes[value],
}));

export interface UploadFormProps {
  customerId: string;
  businessCases: RelationshipBusinessCase[];
  documentType: DocumentType;
  /**
   * The server's largest upload in bytes (public config): larger files are refused when chosen,
   * before anything is sent. Unknown: the server's 413 answers.
   */
  maxBytes?: number;
  /** The document store's dispatch (uploading flag and upload results). */
  dispatch: (event: DocumentStoreEvent<never>) => void;
  /** Called once all files of a batch have ended (lists reload). */
  onUploaded(): void;
  /**
   * Told whether chosen files wait or are on their way, for a page with more than one form (one
   * leave guard for all: the router heeds only one). Without it the form guards itself.
   */
  reportDirty?: DirtyReport;
}

/**
 * Upload of one or many files to a business case of a customer: drag and drop or file picker;
 * each file with display name, date, type and optional description; parallel uploads with a
 * progress bar each; every file ends with its own success or failure message.
 */
export function UploadForm({
  customerId,
  businessCases,
  documentType,
  maxBytes,
  dispatch,
  onUploaded,
  reportDirty,
}: UploadFormProps) {
  const section = useRef<HTMLElement>(null);
  const limit = maxBytes ? formatSizeLimit(maxBytes) : undefined;
  const [businessCaseId, setBusinessCaseId] = useState<string | null>(
    businessCases.length === 1 ? (businessCases[0]?.id ?? null) : null,
  );
  const [entries, setEntries] = useState<Entry[]>([]);
  const [submitted, setSubmitted] = useState(false);
  /** Why the files of the last choice that were not taken were refused (one line each). */
  const [refused, setRefused] = useState<string[]>([]);
  const isTouch = useMediaQuery(TOUCH_QUERY, false, { getInitialValueInEffect: false });
  const uploading = entries.some((entry) => entry.status === 'uploading');
  /** What the upload button sends: new drafts and failed entries (sent again). */
  const drafts = entries.filter((entry) => entry.status === 'draft' || entry.status === 'failed');
  const finished = entries.some((entry) => entry.status === 'done');
  const isDirty = drafts.length > 0 || uploading;
  useReportDirty(isDirty, reportDirty);

  /** The uploads on their way, by entry: leaving the page stops them (see below). */
  const running = useRef(new Map<string, AbortController>());
  /** Entries the person stopped with Abbrechen (not by leaving): they become drafts again. */
  const cancelled = useRef(new Set<string>());
  /** Each upload's last progress, as the request reported it (state lags behind it). */
  const sentShare = useRef(new Map<string, number>());

  /**
   * Stops one file on its way. Only while its bytes are still being sent: once all have
   * arrived the server stores it, and stopping could no longer say what became of it.
   */
  function cancel(key: string) {
    const controller = running.current.get(key);
    if (!controller || (sentShare.current.get(key) ?? 0) >= 1) return;
    cancelled.current.add(key);
    controller.abort();
  }
  // The person left while files were on their way (after the leave question said the choice
  // is lost): the uploads stop, so that nothing is stored behind their back.
  useEffect(() => {
    const uploads = running.current;
    return () => {
      for (const controller of uploads.values()) controller.abort();
    };
  }, []);

  const patch = (key: string, change: Partial<Entry>) =>
    setEntries((current) =>
      current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)),
    );

  function addFiles(chosen: File[]) {
    const today = isoToday();
    // The same file chosen again while it still waits (or is on its way) would be stored twice:
    // it is not taken again, and the person is told so. Once uploaded, it may be chosen anew.
    const sameFile = (a: File, b: File) =>
      a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
    const taken: File[] = [];
    const again: string[] = [];
    for (const file of chosen) {
      const waiting = entries.some(
        (entry) => entry.status !== 'done' && sameFile(entry.file, file),
      );
      if (waiting || taken.some((other) => sameFile(other, file))) {
        again.push(t.manage.fileAlreadyChosen(file.name));
      } else {
        taken.push(file);
      }
    }
    if (again.length > 0) setRefused((current) => [...current, ...again]);
    const files = taken;
    setEntries((current) => [
      ...current,
      ...files.map((file) => ({
        ...draftFromFile(file, today, documentType),
        status: 'draft' as const,
        progress: 0,
        message: '',
      })),
    ]);
  }

  function refuse(rejections: FileRejection[]) {
    setRefused(
      rejections.map(({ file, errors }) => {
        if (maxBytes && errors.some((error) => error.code === 'file-too-large')) {
          const sizes = formatTooLarge(file.size, maxBytes);
          return t.manage.fileTooLarge(file.name, sizes.size, sizes.limit);
        }
        return errors.some((error) => error.code === 'file-invalid-type')
          ? t.manage.fileTypeRefused(file.name)
          : t.manage.fileRefused(file.name);
      }),
    );
  }

  async function submit() {
    setSubmitted(true);
    if (!businessCaseId || drafts.length === 0) return focusFirstInvalid(section.current);
    if (drafts.some((draft) => !draft.displayName.trim() || !draft.createdAt)) {
      return focusFirstInvalid(section.current);
    }
    const batch = drafts.map((draft) => ({ name: draft.displayName, draft }));
    for (const { draft } of batch) {
      patch(draft.key, { status: 'uploading', progress: 0, message: '' });
    }
    await uploadMany(
      batch,
      async ({ draft }) => {
        const controller = new AbortController();
        running.current.set(draft.key, controller);
        try {
          await uploadDocument(
            customerId,
            businessCaseId,
            draft.file,
            {
              displayName: draft.displayName.trim(),
              createdAt: draft.createdAt,
              type: draft.type,
              description: draft.description.trim() || undefined,
            },
            (progress) => {
              sentShare.current.set(draft.key, progress);
              patch(draft.key, { progress });
            },
            { uploadKey: draft.uploadKey, signal: controller.signal },
          );
          patch(draft.key, { status: 'done', progress: 1, message: t.added });
          notifySuccess(t.added);
        } catch (error) {
          if (controller.signal.aborted) {
            // Stopped with Abbrechen: the file waits again with its fields. Stopped because
            // the person left: they chose so, nothing to tell.
            if (cancelled.current.delete(draft.key)) {
              patch(draft.key, { status: 'draft', progress: 0, message: t.manage.uploadCancelled });
            }
            throw error;
          }
          const message = failureMessage(t.addFailed, error);
          patch(draft.key, { status: 'failed', message });
          notifyError(message);
          throw error;
        } finally {
          running.current.delete(draft.key);
          sentShare.current.delete(draft.key);
        }
      },
      { success: t.added, failure: (error) => failureMessage(t.addFailed, error) },
      dispatch,
    );
    setSubmitted(false);
    onUploaded();
  }

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="upload-title" ref={section}>
      {/* Chosen files not sent yet, or still being sent: leaving asks first. */}
      {!reportDirty && <LeaveGuard isDirty={isDirty} body={t.manage.unsavedUpload} />}
      <Stack>
        <Title order={3} id="upload-title">
          {t.manage.uploadTitle}
        </Title>
        <Select
          label={t.manage.businessCase}
          placeholder={t.manage.businessCasePlaceholder}
          data={businessCases.map((bc) => ({ value: bc.id, label: bc.businessCaseTypeLabel }))}
          value={businessCaseId}
          onChange={setBusinessCaseId}
          disabled={uploading}
          required
          error={submitted && !businessCaseId ? t.manage.chooseBusinessCaseFirst : undefined}
        />
        <Dropzone
          onDrop={(files) => addFiles(files)}
          // Called first on every choice: the refusals of the last one are replaced.
          onDropAny={(_accepted, rejections) => refuse(rejections)}
          maxSize={maxBytes}
          accept={UPLOAD_ACCEPT}
          disabled={uploading}
          multiple
          inputProps={{ 'aria-label': t.manage.dropzoneLabel }}
          // The zone itself is focusable; Enter or Space opens the file picker.
        >
          <Stack gap={4} align="center" py="lg" style={{ pointerEvents: 'none' }}>
            <Text fw={600}>{isTouch ? t.manage.dropzoneTouch : t.manage.dropzone}</Text>
            <Text size="sm" c="dimmed">
              {t.manage.dropzoneHint(limit)}
            </Text>
          </Stack>
        </Dropzone>
        {refused.length > 0 && (
          <Alert color="red" role="alert" data-testid="upload-refused">
            <Stack gap={4}>
              {refused.map((message) => (
                <Text key={message} size="sm">
                  {message}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
        {entries.map((entry) => {
          const locked = entry.status === 'uploading' || entry.status === 'done';
          return (
            <Card
              key={entry.key}
              withBorder
              padding="sm"
              data-testid="upload-entry"
              aria-label={entry.file.name}
              component="article"
            >
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  {/* A long name wraps; it never pushes the remove button out of view. */}
                  <Text fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    {entry.file.name}{' '}
                    <Text span size="sm" c="dimmed">
                      ({formatFileSize(entry.file.size)})
                    </Text>
                  </Text>
                  {entry.status === 'uploading' && entry.progress < 1 && (
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      style={{ flexShrink: 0 }}
                      aria-label={t.manage.cancelUploadLabel(entry.file.name)}
                      onClick={() => cancel(entry.key)}
                    >
                      {t.manage.cancelUpload}
                    </Button>
                  )}
                  {!locked && (
                    <CloseButton
                      style={{ flexShrink: 0 }}
                      aria-label={t.manage.removeFile(entry.file.name)}
                      onClick={() =>
                        setEntries((current) => current.filter((e) => e.key !== entry.key))
                      }
                    />
                  )}
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  <TextInput
                    label={t.manage.displayName}
                    value={entry.displayName}
                    onChange={(event) =>
                      patch(entry.key, { displayName: event.currentTarget.value })
                    }
                    disabled={locked}
                    required
                    maxLength={DISPLAY_NAME_MAX_LENGTH}
                    error={submitted && !entry.displayName.trim() ? t.manage.required : undefined}
                  />
                  <GermanDateInput
                    label={t.manage.createdAt}
                    value={entry.createdAt || null}
                    onChange={(value) => patch(entry.key, { createdAt: value ?? '' })}
                    disabled={locked}
                    required
                    error={submitted && !entry.createdAt ? t.manage.required : undefined}
                  />
                  <Select
                    label={t.manage.type}
                    data={TYPE_OPTIONS}
                    value={entry.type}
                    onChange={(value) => value && patch(entry.key, { type: value as DocumentType })}
                    allowDeselect={false}
                    disabled={locked}
                  />
                </SimpleGrid>
                <Textarea
                  label={t.manage.description}
                  value={entry.description}
                  onChange={(event) => patch(entry.key, { description: event.currentTarget.value })}
                  disabled={locked}
                  maxLength={DESCRIPTION_MAX_LENGTH}
                  autosize
                  minRows={1}
                />
                {(locked || entry.status === 'failed') && (
                  <Progress
                    value={Math.round(entry.progress * 100)}
                    color={
                      entry.status === 'failed' ? 'red' : entry.status === 'done' ? 'teal' : 'blue'
                    }
                    aria-label={t.manage.progress(entry.file.name)}
                    animated={entry.status === 'uploading'}
                  />
                )}
                {entry.message && (
                  <Text
                    role={entry.status === 'failed' ? 'alert' : 'status'}
                    c={
                      entry.status === 'failed'
                        ? 'red.8'
                        : entry.status === 'done'
                          ? 'teal.9'
                          : 'gray.8'
                    }
                    size="sm"
                    fw={600}
                    data-testid="upload-result"
                  >
                    {entry.message}
                  </Text>
                )}
                {entry.status === 'failed' && (
                  <Text size="sm" c="dimmed">
                    {t.manage.retryHint}
                  </Text>
                )}
              </Stack>
            </Card>
          );
        })}
        <Group justify="flex-end">
          {finished && !uploading && (
            <Button
              variant="subtle"
              onClick={() =>
                setEntries((current) => current.filter((entry) => entry.status !== 'done'))
              }
            >
              {t.manage.clearResults}
            </Button>
          )}
          {(drafts.length > 0 || uploading) && (
            <Button onClick={() => void submit()} loading={uploading}>
              {t.manage.upload(
                uploading
                  ? entries.filter((entry) => entry.status === 'uploading').length
                  : drafts.length,
              )}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
