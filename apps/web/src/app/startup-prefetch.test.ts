import { relationshipList, type User } from '@portal/contract';
import { delay, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LAST_INSTITUTION_KEY } from '../features/institutions/model/selection';
import { createQueryClient } from '../lib/query-client';
import { contractJson, contractProblem } from '../test/contract-response';
import { setupMswServer } from '../test/msw-server';
import {
  likelyInstitutionId,
  PAGES_WITH_DATA,
  prefetchForUser,
  prefetchLikelyInstitutions,
  type StartupGuess,
  waitForFirstPaintData,
} from './startup-prefetch';

const server = setupMswServer();

const PRAXIS = '3f7160e7-2970-47c7-b55f-9fcb35b83336';
const MVZ = 'd1d13d5a-e434-4d12-b0d3-d838588c33fb';

/** The API paths the prefetch asked for (every answer is a 404: only the requests count). */
function recordRequests() {
  const paths: string[] = [];
  server.use(
    http.get('*/api/*', ({ request }) => {
      const url = new URL(request.url);
      paths.push(`${url.pathname.replace('/api', '')}${url.search}`);
      return contractProblem(404, 'Nicht gefunden');
    }),
  );
  return paths;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

function userWith(roles: [string, 'INSTITUTION_ADMIN' | 'INSTITUTION_MEMBER'][]): User {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    email: 'anna.admin@praxis-sonnenschein.de',
    firstName: 'Anna',
    lastName: 'Schäfer',
    fullName: 'Anna Schäfer',
    institutionUserRoles: roles.map(([institutionId, role]) => ({ institutionId, role })),
    hasAccountActivated: true,
    dateTimeCreated: '2026-01-01T00:00:00.000Z',
    title: null,
    formOfAddress: null,
    onboardedByClient: null,
  } as User;
}

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('likelyInstitutionId', () => {
  it('takes the institutionId parameter before the stored selection', () => {
    localStorage.setItem(LAST_INSTITUTION_KEY, MVZ);
    expect(likelyInstitutionId(new URL(`http://portal/dashboard?institutionId=${PRAXIS}`))).toBe(
      PRAXIS,
    );
    expect(likelyInstitutionId(new URL('http://portal/dashboard'))).toBe(MVZ);
  });

  it('guesses nothing without a selection or from a value that is no id', () => {
    expect(likelyInstitutionId(new URL('http://portal/dashboard'))).toBeNull();
    expect(likelyInstitutionId(new URL('http://portal/dashboard?institutionId=..%2Fuser'))).toBe(
      null,
    );
  });
});

/** No roles remembered from an earlier load (a first visit, or another user before). */
const NOTHING_KNOWN: StartupGuess = { knownRoles: null, isImpersonating: false };

describe('prefetchLikelyInstitutions', () => {
  it('starts the shell requests of the stored institution and, on the dashboard, its tiles data', async () => {
    localStorage.setItem(LAST_INSTITUTION_KEY, PRAXIS);
    const paths = recordRequests();
    prefetchLikelyInstitutions(
      createQueryClient(),
      new URL('http://portal/dashboard'),
      NOTHING_KNOWN,
    );
    await settle();
    expect(paths.sort()).toEqual(
      [
        `/institution/${PRAXIS}`,
        `/institution/${PRAXIS}/trusted`,
        `/institution/${PRAXIS}/tiles`,
        `/institution/${PRAXIS}/order`,
        `/documents/metadata?institution=${PRAXIS}`,
      ].sort(),
    );
  });

  it('leaves the dashboard data out on other pages and asks nothing without a guess', async () => {
    localStorage.setItem(LAST_INSTITUTION_KEY, PRAXIS);
    const paths = recordRequests();
    prefetchLikelyInstitutions(
      createQueryClient(),
      new URL('http://portal/account'),
      NOTHING_KNOWN,
    );
    await settle();
    expect(paths).toHaveLength(3);
    expect(paths.some((path) => path.includes('/order'))).toBe(false);

    localStorage.clear();
    paths.length = 0;
    prefetchLikelyInstitutions(
      createQueryClient(),
      new URL('http://portal/dashboard'),
      NOTHING_KNOWN,
    );
    await settle();
    expect(paths).toEqual([]);
  });

  it('with the roles remembered for the subject, starts all of the first view at once', async () => {
    localStorage.setItem(LAST_INSTITUTION_KEY, MVZ);
    const paths = recordRequests();
    prefetchLikelyInstitutions(createQueryClient(), new URL('http://portal/dashboard'), {
      knownRoles: [
        { institutionId: PRAXIS, role: 'INSTITUTION_MEMBER' },
        { institutionId: MVZ, role: 'INSTITUTION_ADMIN' },
      ],
      isImpersonating: false,
    });
    await settle();
    expect(paths.sort()).toEqual(
      [
        '/user/current/institutions',
        `/institution/${MVZ}`,
        `/institution/${MVZ}/trusted`,
        `/institution/${MVZ}/tiles`,
        `/institution/${MVZ}/order`,
        `/documents/metadata?institution=${MVZ}`,
        `/institution/${MVZ}/relationship?owner=true&limit=1`,
      ].sort(),
    );
  });

  it('picks the institution from the remembered roles as the selection will, and asks for relationships only as admin or support', async () => {
    // The stored selection is none of the remembered institutions: the first role wins.
    localStorage.setItem(LAST_INSTITUTION_KEY, '99999999-9999-4999-8999-999999999999');
    const paths = recordRequests();
    const knownRoles = [
      { institutionId: PRAXIS, role: 'INSTITUTION_MEMBER' as const },
      { institutionId: MVZ, role: 'SUPPORT_USER' as const },
    ];
    prefetchLikelyInstitutions(createQueryClient(), new URL('http://portal/account'), {
      knownRoles,
      isImpersonating: false,
    });
    await settle();
    expect(paths.sort()).toEqual(
      [
        '/user/current/institutions',
        `/institution/${PRAXIS}`,
        `/institution/${PRAXIS}/trusted`,
        `/institution/${PRAXIS}/tiles`,
      ].sort(),
    );

    // The parameter names the institution where the user is support: its relationships too,
    // but not while impersonating.
    paths.length = 0;
    const url = new URL(`http://portal/account?institutionId=${MVZ}`);
    prefetchLikelyInstitutions(createQueryClient(), url, { knownRoles, isImpersonating: false });
    prefetchLikelyInstitutions(createQueryClient(), url, { knownRoles, isImpersonating: true });
    await settle();
    expect(paths.filter((path) => path.includes('/relationship'))).toEqual([
      `/institution/${MVZ}/relationship?owner=true&limit=1`,
    ]);
  });

  it('does not ask again for what the cache holds', async () => {
    localStorage.setItem(LAST_INSTITUTION_KEY, PRAXIS);
    const queryClient = createQueryClient();
    queryClient.setQueryData(['tiles', PRAXIS], []);
    const paths = recordRequests();
    prefetchLikelyInstitutions(queryClient, new URL('http://portal/account'), NOTHING_KNOWN);
    await settle();
    expect(paths.sort()).toEqual([`/institution/${PRAXIS}`, `/institution/${PRAXIS}/trusted`]);
  });
});

describe('prefetchForUser', () => {
  // A support user of 300 practices: one request for the list, not one per institution.
  it('asks for the list of hundreds of institutions once, and for the selected one whole', async () => {
    const ids = Array.from(
      { length: 300 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const paths = recordRequests();
    prefetchForUser(
      createQueryClient(),
      userWith(ids.map((id) => [id, 'INSTITUTION_MEMBER'])),
      new URL('http://portal/dashboard'),
      false,
    );
    await settle();
    expect(paths.sort()).toEqual(['/user/current/institutions', `/institution/${ids[0]}`].sort());
  });

  it("loads the list of the user's institutions, the selected one and, for an admin, the relationships (not the health check)", async () => {
    const paths = recordRequests();
    prefetchForUser(
      createQueryClient(),
      userWith([
        [PRAXIS, 'INSTITUTION_ADMIN'],
        [MVZ, 'INSTITUTION_MEMBER'],
      ]),
      new URL('http://portal/dashboard'),
      false,
    );
    await settle();
    expect(paths.sort()).toEqual(
      [
        '/user/current/institutions',
        `/institution/${PRAXIS}`,
        `/institution/${PRAXIS}/relationship?owner=true&limit=1`,
      ].sort(),
    );
  });

  it('asks for no relationships as a member of the selected institution or while impersonating', async () => {
    const roles = userWith([
      [PRAXIS, 'INSTITUTION_ADMIN'],
      [MVZ, 'INSTITUTION_MEMBER'],
    ]);
    const paths = recordRequests();
    prefetchForUser(
      createQueryClient(),
      roles,
      new URL(`http://portal/dashboard?institutionId=${MVZ}`),
      false,
    );
    prefetchForUser(createQueryClient(), roles, new URL('http://portal/dashboard'), true);
    await settle();
    expect(paths.filter((path) => path.includes('/relationship'))).toEqual([]);
  });
});

describe('waitForFirstPaintData', () => {
  const anna = () => userWith([[PRAXIS, 'INSTITUTION_ADMIN']]);

  it("waits for the selected institution's shell and dashboard answers, failures included", async () => {
    const answered: string[] = [];
    server.use(
      http.get('*/api/*', async ({ request }) => {
        const path = new URL(request.url).pathname.replace('/api', '');
        await delay(path.endsWith('/tiles') ? 120 : 10);
        answered.push(path);
        return contractProblem(path.endsWith('/order') ? 500 : 404, 'Nicht gefunden');
      }),
    );
    await waitForFirstPaintData(createQueryClient(), anna(), new URL('http://portal/dashboard'), {
      isImpersonating: false,
    });
    expect(answered.sort()).toEqual(
      [
        `/institution/${PRAXIS}`,
        `/institution/${PRAXIS}/tiles`,
        `/institution/${PRAXIS}/trusted`,
        `/institution/${PRAXIS}/order`,
        '/documents/metadata',
        // Anna is admin there: the impersonation button's answer belongs to the first paint.
        `/institution/${PRAXIS}/relationship`,
      ].sort(),
    );
  });

  it('asks for no relationships for a member, nor while impersonating', async () => {
    const paths = recordRequests();
    const member = userWith([[PRAXIS, 'INSTITUTION_MEMBER']]);
    const url = new URL('http://portal/account');
    await waitForFirstPaintData(createQueryClient(), member, url, { isImpersonating: false });
    await waitForFirstPaintData(createQueryClient(), anna(), url, { isImpersonating: true });
    expect(paths.filter((path) => path.includes('/relationship'))).toEqual([]);
    expect(paths).toContain(`/institution/${PRAXIS}/tiles`);
  });

  it('waits for the data of Mein Konto, the Kundencenter and a document list as well', async () => {
    const answered: string[] = [];
    const businessCase = (id: string, label: string) => ({
      id,
      businessCaseTypeName: 'TIORDER',
      businessCaseTypeLabel: label,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    server.use(
      http.get(`*/api/institution/${PRAXIS}/relationship`, async () => {
        await delay(20);
        answered.push(`/institution/${PRAXIS}/relationship`);
        return contractJson(relationshipList, [
          {
            id: '66666666-6666-4666-8666-666666666666',
            contractorId: MVZ,
            contractorName: 'MVZ',
            referenceNumber: '100234',
            owner: false,
            createdAt: '2026-01-01T00:00:00.000Z',
            businessCases: [
              businessCase('44444444-4444-4444-8444-444444444444', 'TI-Bestellung'),
              businessCase('55555555-5555-4555-8555-555555555555', 'Geschäftskonto'),
            ],
          },
        ]);
      }),
      http.get('*/api/*', async ({ request }) => {
        const url = new URL(request.url);
        await delay(url.pathname.includes('/datahub/') ? 80 : 10);
        answered.push(`${url.pathname.replace('/api', '')}${url.search}`);
        return contractProblem(404, 'Nicht gefunden');
      }),
    );
    const pageData = () => answered.filter((entry) => !isShellRequest(entry));
    const isShellRequest = (entry: string) =>
      entry === `/institution/${PRAXIS}` || /\/(tiles|trusted|relationship)$/.test(entry);

    await waitForFirstPaintData(createQueryClient(), anna(), new URL('http://portal/account'), {
      isImpersonating: false,
    });
    expect(pageData()).toEqual([`/accountdata/${anna().id}`]);

    answered.length = 0;
    await waitForFirstPaintData(
      createQueryClient(),
      anna(),
      new URL('http://portal/customer-overview'),
      { isImpersonating: true },
    );
    // The relationships first, then every business case's datahub document (slower here).
    const relationshipAt = answered.indexOf(`/institution/${PRAXIS}/relationship`);
    expect(relationshipAt).toBeGreaterThanOrEqual(0);
    expect(answered.findIndex((entry) => entry.includes('/datahub/'))).toBeGreaterThan(
      relationshipAt,
    );
    expect(pageData().sort()).toEqual([
      `/institution/${PRAXIS}/datahub/businessCaseId/44444444-4444-4444-8444-444444444444`,
      `/institution/${PRAXIS}/datahub/businessCaseId/55555555-5555-4555-8555-555555555555`,
    ]);

    answered.length = 0;
    const documents = new URL('http://portal/document?documentType=invoice');
    await waitForFirstPaintData(createQueryClient(), anna(), documents, { isImpersonating: true });
    expect(pageData().sort()).toEqual([
      `/documents/metadata?institution=${PRAXIS}`,
      `/institution/${PRAXIS}/document?documentType=invoice`,
    ]);

    // Later views (another tab of the list) do not wait for the page's data.
    answered.length = 0;
    await waitForFirstPaintData(createQueryClient(), anna(), documents, {
      isImpersonating: true,
      withPageData: false,
    });
    expect(pageData()).toEqual([]);

    // An unknown type: the page lists nothing, so nothing is asked for but the tabs' counts.
    answered.length = 0;
    const unknown = new URL('http://portal/document?documentType=bogus');
    await waitForFirstPaintData(createQueryClient(), anna(), unknown, { isImpersonating: true });
    expect(pageData()).toEqual([`/documents/metadata?institution=${PRAXIS}`]);
  });

  it('knows without loading them the paths page-loads.ts has data for', async () => {
    const { PAGE_LOADS } = await import('./page-loads');
    expect([...PAGES_WITH_DATA].sort()).toEqual(Object.keys(PAGE_LOADS).sort());
  });

  it('gives up after the wait, so a hanging answer never holds the page', async () => {
    let answered = false;
    server.use(
      http.get('*/api/*', async () => {
        await delay(2_000);
        answered = true;
        return contractProblem(404, 'Nicht gefunden');
      }),
    );
    await waitForFirstPaintData(createQueryClient(), anna(), new URL('http://portal/account'), {
      isImpersonating: false,
      wait: 50,
    });
    expect(answered).toBe(false);
  });
});
