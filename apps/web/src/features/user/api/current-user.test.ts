import { type User, user as userSchema } from '@portal/contract';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { contractJson, contractProblem } from '../../../test/contract-response';
import { setupMswServer } from '../../../test/msw-server';
import { fetchCurrentUser } from './current-user';

const server = setupMswServer();

const anna: User = {
  id: '11111111-1111-4111-8111-111111111111',
  email: 'anna.admin@praxis-sonnenschein.de',
  firstName: 'Anna',
  lastName: 'Schäfer',
  fullName: 'Anna Schäfer',
  institutionUserRoles: [],
  hasAccountActivated: true,
  dateTimeCreated: '2026-01-01T00:00:00.000Z',
  title: null,
  formOfAddress: null,
  onboardedByClient: null,
};

function answer(ensure: number, current: number) {
  const calls: string[] = [];
  server.use(
    http.post('*/api/user/ensureBackendUserExists', () => {
      calls.push('ensure');
      return ensure === 200
        ? contractJson(userSchema, { ...anna, firstName: 'Neu' })
        : contractProblem(ensure, 'Fehler');
    }),
    http.get('*/api/user/current', () => {
      calls.push('current');
      return current === 200 ? contractJson(userSchema, anna) : contractProblem(current, 'Fehler');
    }),
  );
  return calls;
}

describe('fetchCurrentUser', () => {
  it('asks both at once and takes the current user', async () => {
    const calls = answer(200, 200);
    expect((await fetchCurrentUser()).firstName).toBe('Anna');
    expect(calls.sort()).toEqual(['current', 'ensure']);
  });

  it('takes the answer of ensureBackendUserExists for a user the API did not know yet', async () => {
    answer(200, 404);
    expect((await fetchCurrentUser()).firstName).toBe('Neu');
  });

  it('fails with the refusal of ensureBackendUserExists, and with any other failure', async () => {
    answer(409, 200);
    await expect(fetchCurrentUser()).rejects.toMatchObject({ status: 409 });
    answer(403, 403);
    const restricted = await fetchCurrentUser().catch((error: unknown) => error);
    expect(restricted).toBeInstanceOf(ApiError);
    expect(restricted).toMatchObject({ status: 403 });
    answer(200, 500);
    await expect(fetchCurrentUser()).rejects.toMatchObject({ status: 500 });
  });
});
