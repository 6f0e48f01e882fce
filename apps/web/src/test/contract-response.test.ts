import { user } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { contractJson, contractProblem } from './contract-response';
import { anna } from './render-app';

describe('contract-checked mock answers', () => {
  it('answers a body that matches the contract', async () => {
    await expect(contractJson(user, anna).json()).resolves.toEqual(anna);
  });

  it('refuses a mock body that drifted from the contract', () => {
    const { email: _missing, ...drifted } = anna;
    expect(() => contractJson(user, drifted as typeof anna)).toThrow();
  });

  it('builds problem+json answers', async () => {
    const response = contractProblem(404, 'Nicht gefunden');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    await expect(response.json()).resolves.toMatchObject({ status: 404, title: 'Nicht gefunden' });
  });
});
