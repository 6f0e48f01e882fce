import { type DocumentType, toOneLine } from '@portal/contract';
import { isApiError } from '../../../lib/api-client';
import { germanToday } from '../../../lib/german-today';
import { documents as t } from '../../../messages/de';
import { DISPLAY_NAME_MAX_LENGTH } from './limits';

/** One chosen file with the metadata the form edits before it is uploaded. */
export interface UploadDraft {
  key: string;
  file: File;
  displayName: string;
  /** ISO date (yyyy-MM-dd). */
  createdAt: string;
  type: DocumentType;
  description: string;
}

let counter = 0;

/** A draft for a dropped or picked file: display name prefilled from the file name. */
export function draftFromFile(file: File, today: string, type: DocumentType): UploadDraft {
  counter += 1;
  return {
    key: `${counter}-${file.name}`,
    file,
    // A longer file name is cut to what the server accepts; the field shows the rest editable.
    // A name with a line break, tab or control character (possible in file names) is made one
    // line, as the server takes display names.
    displayName: toOneLine(file.name).slice(0, DISPLAY_NAME_MAX_LENGTH),
    createdAt: today,
    type,
    description: '',
  };
}

/** Whether every draft can be sent (display name and date filled in). */
export const draftsComplete = (drafts: UploadDraft[]) =>
  drafts.length > 0 && drafts.every((d) => d.displayName.trim() !== '' && d.createdAt !== '');

/** The message of a failed call: the spec's text, with the server's German reason if any. */
export function failureMessage(message: string, error: unknown): string {
  if (isApiError(error)) return t.withReason(message, error.problem?.detail);
  if (error instanceof Error && error.name === 'UploadConnectionError') {
    return t.withReason(message, t.connectionLost);
  }
  return message;
}

/**
 * The date a new upload is prefilled with: today in Germany as yyyy-MM-dd (decision 012), not
 * the browser's day, which on a computer set to another zone is yesterday or tomorrow.
 */
export const isoToday = (now: Date = new Date()): string => germanToday(now);
