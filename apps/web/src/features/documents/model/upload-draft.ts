import { type DocumentType, toOneLine } from '@portal/contract';
import { isApiError } from '../../../lib/api-client';
import { germanToday } from '../../../lib/german-today';
import { isHeldBackBySession } from '../../../lib/oidc';
import { documents as t } from '../../../messages/de';
import { DISPLAY_NAME_MAX_LENGTH } from './limits';

/** One chosen file with the metadata the form edits before it is uploaded. */
export interface UploadDraft {
  key: string;
  /**
   * The upload's Idempotency-Key, the same each time this file is sent: when an answer was lost
   * (the connection dropped once the server had stored the file), sending it again stores
   * nothing new.
   */
  uploadKey: string;
  file: File;
  displayName: string;
  /** ISO date (yyyy-MM-dd). */
  createdAt: string;
  type: DocumentType;
  description: string;
}

let counter = 0;

/**
 * A random UUID (version 4). `crypto.randomUUID` exists only on https (and localhost); an
 * installation reached over plain http still has `crypto.getRandomValues`.
 */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false) {
    return crypto.randomUUID();
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A draft for a dropped or picked file: display name prefilled from the file name. */
export function draftFromFile(file: File, today: string, type: DocumentType): UploadDraft {
  counter += 1;
  return {
    key: `${counter}-${file.name}`,
    uploadKey: randomUuid(),
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
  // Never sent: the session ended (the notice offers 'Erneut anmelden'; the input stays).
  if (isHeldBackBySession(error)) return t.withReason(message, t.signedOut);
  return message;
}

/**
 * The date a new upload is prefilled with: today in Germany as yyyy-MM-dd (decision 012), not
 * the browser's day, which on a computer set to another zone is yesterday or tomorrow.
 */
export const isoToday = (now: Date = new Date()): string => germanToday(now);
