import { documentUploadMetadata } from '@portal/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import {
  draftFromFile,
  draftsComplete,
  failureMessage,
  isoToday,
  randomUuid,
} from './upload-draft';

describe('upload drafts', () => {
  it('prefills the display name from the file name, the date and the type', () => {
    const file = new File(['x'], 'Rechnung März.pdf', { type: 'application/pdf' });
    const draft = draftFromFile(file, '2026-11-23', 'invoice');
    expect(draft).toMatchObject({
      displayName: 'Rechnung März.pdf',
      createdAt: '2026-11-23',
      type: 'invoice',
      description: '',
    });
    expect(draftFromFile(file, '2026-11-23', 'invoice').key).not.toBe(draft.key);
    expect(draftFromFile(file, '2026-11-23', 'invoice').uploadKey).not.toBe(draft.uploadKey);
  });

  it('makes an upload key also where crypto.randomUUID is missing (plain http)', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    vi.stubGlobal('isSecureContext', false);
    try {
      const keys = new Set(Array.from({ length: 50 }, () => randomUuid()));
      expect(keys.size).toBe(50);
      for (const key of keys) expect(key).toMatch(uuid);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(randomUuid()).toMatch(uuid);
  });

  it('makes a file name with a line break, tab or control character one line, as the server takes it', () => {
    const file = new File(['x'], 'Rechnung\nMärz\t2026\u009b\u202e.pdf');
    const { displayName } = draftFromFile(file, '2026-11-23', 'invoice');
    expect(displayName).toBe('Rechnung März 2026 .pdf');
    expect(documentUploadMetadata.shape.displayName.safeParse(displayName).success).toBe(true);
  });

  it('is complete only with a display name and a date for every file', () => {
    const draft = draftFromFile(new File(['x'], 'a.txt'), '2026-11-23', 'forms');
    expect(draftsComplete([])).toBe(false);
    expect(draftsComplete([draft])).toBe(true);
    expect(draftsComplete([draft, { ...draft, displayName: '  ' }])).toBe(false);
    expect(draftsComplete([{ ...draft, createdAt: '' }])).toBe(false);
  });

  it('words failures with the spec text and the server reason', () => {
    const tooLarge = new ApiError(413, {
      type: 'about:blank',
      title: 'Payload Too Large',
      status: 413,
      detail: 'Die Datei ist zu groß. Erlaubt sind höchstens 1 MB.',
    });
    expect(failureMessage('Hinzufügen des Dokuments fehlgeschlagen', tooLarge)).toBe(
      'Hinzufügen des Dokuments fehlgeschlagen: Die Datei ist zu groß. Erlaubt sind höchstens 1 MB.',
    );
    expect(failureMessage('Löschen des Dokuments fehlgeschlagen', new ApiError(500, null))).toBe(
      'Löschen des Dokuments fehlgeschlagen',
    );
    const cut = new Error('x');
    cut.name = 'UploadConnectionError';
    expect(failureMessage('Hinzufügen des Dokuments fehlgeschlagen', cut)).toBe(
      'Hinzufügen des Dokuments fehlgeschlagen: Die Verbindung wurde unterbrochen. Bitte versuchen Sie es erneut.',
    );
    // Never sent, the session had ended (a tab left open overnight): said so, not a bare failure.
    const heldBack = Object.assign(new Error('Failed to refresh token'), {
      name: 'SessionOverError',
    });
    expect(failureMessage('Hinzufügen des Dokuments fehlgeschlagen', heldBack)).toBe(
      'Hinzufügen des Dokuments fehlgeschlagen: Sie sind nicht mehr angemeldet. Bitte melden Sie sich erneut an und versuchen Sie es dann noch einmal.',
    );
  });

  it("prefills today in Germany, not the browser's day (computer set to Los Angeles)", () => {
    const zoneBefore = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      // 23:30 on 5 January in Los Angeles is 08:30 on 6 January in Berlin.
      expect(isoToday(new Date('2026-01-06T07:30:00Z'))).toBe('2026-01-06');
      // 23:30 on 5 January in Berlin.
      expect(isoToday(new Date('2026-01-05T22:30:00Z'))).toBe('2026-01-05');
    } finally {
      process.env.TZ = zoneBefore;
    }
  });
});
