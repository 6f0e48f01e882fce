import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { signInThrottle } from '../db/schema';
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

  it("an attacker's own successful sign-ins forgive nothing of their guesses at other accounts", async () => {
    const db = t.database.db;
    const attacker = 'angreifer@praxis.example';
    const claim = (account: string, address: string) =>
      claimSignInAttempt(db, 'password', account, address, MAX_FAILURES);
    const attempts = async (key: string) =>
      (await db.select().from(signInThrottle).where(eq(signInThrottle.key, key)))[0]?.attempts;

    // One address, one victim: before each guess the attacker signs in to their own account from
    // there. The pair still locks after its limit of guesses.
    const address = '198.51.100.20';
    for (let count = 0; count < MAX_FAILURES; count += 1) {
      expect(await signIn(attacker, address)).toEqual({ allowed: true });
      await claim('opfer@praxis.example', address);
    }
    expect(await claim('opfer@praxis.example', address)).toMatchObject({
      allowed: false,
      reason: 'locked',
    });

    // Many addresses, one victim: the victim's fresh budget is used up all the same.
    for (let count = 0; count < FRESH_PER_HOUR; count += 1) {
      const from = `203.0.113.${count}`;
      expect(await signIn(attacker, from)).toEqual({ allowed: true });
      expect(await claim('opfer2@praxis.example', from)).toEqual({ allowed: true });
    }
    expect(await attempts('password:fresh:opfer2@praxis.example')).toBe(FRESH_PER_HOUR);

    // One address, many accounts: the address locks once the guesses alone reach its limit.
    const shared = '198.51.100.21';
    for (let count = 0; count < MAX_FAILURES * ADDRESS_FACTOR; count += 1) {
      expect(await signIn(attacker, shared)).toEqual({ allowed: true });
      expect(await claim(`ziel-${count}@praxis.example`, shared)).toEqual({ allowed: true });
    }
    expect(await claim('ziel-x@praxis.example', shared)).toMatchObject({
      allowed: false,
      reason: 'locked',
    });
    expect(await signIn(attacker, shared)).toMatchObject({ allowed: false, reason: 'locked' });
  });
});
