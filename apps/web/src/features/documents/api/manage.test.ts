import { documentSchema } from '@portal/contract';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { contractJson, contractProblem } from '../../../test/contract-response';
import { setupMswServer } from '../../../test/msw-server';
import { uploadDocument } from './manage';

const IID = '11111111-1111-4111-8111-111111111111';
const BCID = '44444444-4444-4444-8444-444444444444';
const server = setupMswServer();

const stored = {
  id: '77777777-7777-4777-8777-777777777777',
  documentType: 'forms' as const,
  displayName: 'Antrag.txt',
  description: null,
  createdAt: '2026-11-23',
  contentType: 'text/plain',
  size: 5,
  businessCase: { id: BCID, label: 'TI-Bestellung' },
  unread: true,
  version: 1,
};

describe('uploadDocument (multipart: file and JSON metadata)', () => {
  it('sends the file part and the metadata part; no description when it is empty', async () => {
    let body = '';
    server.use(
      http.post(`*/api/institution/${IID}/business_case/${BCID}/document`, async ({ request }) => {
        // The raw multipart body (jsdom's File does not survive undici's form parser).
        body = await request.text();
        return contractJson(documentSchema, stored, { status: 201 });
      }),
    );
    const progress: number[] = [];
    const result = await uploadDocument(
      IID,
      BCID,
      new File(['Hallo'], 'Antrag.txt', { type: 'text/plain' }),
      { displayName: 'Antrag.txt', createdAt: '2026-11-23', type: 'forms', description: '' },
      (fraction) => progress.push(fraction),
    );
    expect(result.id).toBe(stored.id);
    expect(body).toContain(
      'name="metadata"\r\n\r\n{"displayName":"Antrag.txt","createdAt":"2026-11-23","type":"forms"}\r\n',
    );
    expect(body).toMatch(
      /name="file"; filename="Antrag.txt"\r\nContent-Type: text\/plain\r\n\r\nHallo\r\n/,
    );
    expect(progress.at(-1)).toBe(1);
  });

  it('rejects with the problem of a refused upload (413 and its German reason)', async () => {
    server.use(
      http.post(`*/api/institution/${IID}/business_case/${BCID}/document`, () =>
        contractProblem(
          413,
          'Payload Too Large',
          'Die Datei ist zu groß. Erlaubt sind höchstens 50 MB.',
        ),
      ),
    );
    const error = await uploadDocument(
      IID,
      BCID,
      new File(['x'], 'gross.pdf'),
      { displayName: 'gross.pdf', createdAt: '2026-11-23', type: 'forms', description: 'Notiz' },
      () => {},
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(413);
    expect((error as ApiError).problem?.detail).toBe(
      'Die Datei ist zu groß. Erlaubt sind höchstens 50 MB.',
    );
  });
});
