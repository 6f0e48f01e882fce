import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app';
import {
  ADDRESS_FACTOR,
  claimSignInAttempt,
  clearSignInPair,
  FRESH_PER_HOUR,
} from './sign-in-throttle';

const MAX_FAILURES = 10;

describe('sign-in limits count guesses, not people signing in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** One sign-in that succeeds: its claim, then the success. */
  const signIn = async (account: string, address: string) => {
    const claim = await claimSignInAttempt(
      t.database.db,
      'password',
      account,
      address,
      MAX_FAILURES,
    );
    if (claim.allowed) await clearSignInPair(t.database.db, 'password', account, address);
    return claim;
  };

  it('a person who signs in more often than the fresh budget an hour is never slowed down', async () => {
    for (let count = 0; count < FRESH_PER_HOUR + 20; count += 1) {
      expect(await signIn('oft@praxis.example', '198.51.100.7')).toEqual({ allowed: true });
    }
  });

  it('a practice behind one address signs in more often than the address limit in 15 minutes', async () => {
    const limit = MAX_FAILURES * ADDRESS_FACTOR;
    for (let count = 0; count < limit + 20; count += 1) {
      expect(await signIn(`person-${count % 50}@praxis.example`, '198.51.100.8')).toEqual({
        allowed: true,
      });
    }
  });

  it('failures still count: the address is locked after its limit of wrong tries', async () => {
    const address = '198.51.100.9';
    const limit = MAX_FAILURES * ADDRESS_FACTOR;
    for (let count = 0; count < limit; count += 1) {
      const claim = await claimSignInAttempt(
        t.database.db,
        'password',
        `guess-${count}@praxis.example`,
        address,
        MAX_FAILURES,
      );
      expect(claim.allowed).toBe(true);
    }
    // A success afterwards gives back only its own claim: the guesses stay counted.
    expect(await signIn('owner@praxis.example', address)).toMatchObject({
      allowed: false,
      reason: 'locked',
    });
  });
});
