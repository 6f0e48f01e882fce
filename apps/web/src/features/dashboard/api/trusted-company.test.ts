import { trustedPartner } from '@portal/contract';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { contractJson, contractProblem } from '../../../test/contract-response';
import { setupMswServer } from '../../../test/msw-server';
import { fetchTrustedCompany, trustedCompanyQueryOptions } from './trusted-company';

const INST = '11111111-1111-4111-8111-111111111111';
const PARTNER = {
  id: '33333333-3333-4333-8333-333333333333',
  displayName: 'Abrechnungszentrum Nord',
  logo: '/api/assets/logo-nord.svg',
};
const server = setupMswServer();
const answerWith = (resolver: () => Response) =>
  server.use(http.get(`*/api/institution/${INST}/trusted`, resolver));

// Spec section 7: "GET /institution/{id}/trusted — errors give null".
describe('fetchTrustedCompany', () => {
  it('gives the trusted company the API names', async () => {
    answerWith(() => contractJson(trustedPartner, PARTNER));
    expect(await fetchTrustedCompany(INST)).toEqual(PARTNER);
  });

  it('gives null when there is none', async () => {
    answerWith(() => contractJson(trustedPartner, null));
    expect(await fetchTrustedCompany(INST)).toBeNull();
  });

  it.each([500, 404, 403])(
    'gives null, not an error, for an answer with status %i',
    async (status) => {
      answerWith(() => contractProblem(status, 'Fehler'));
      await expect(fetchTrustedCompany(INST)).resolves.toBeNull();
    },
  );

  it('gives null when the request fails without an answer', async () => {
    answerWith(() => HttpResponse.error());
    await expect(fetchTrustedCompany(INST)).resolves.toBeNull();
  });

  it('a 500 leaves the query successful with null: no error state, no co-branding', async () => {
    answerWith(() => contractProblem(500, 'Interner Fehler'));
    const observer = new QueryObserver(new QueryClient(), trustedCompanyQueryOptions(INST));
    const unsubscribe = observer.subscribe(() => {});
    await expect.poll(() => observer.getCurrentResult().status).toBe('success');
    expect(observer.getCurrentResult().data).toBeNull();
    unsubscribe();
  });
});
