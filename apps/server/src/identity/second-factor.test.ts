import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/oidc-test-client';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { users } from '../db/schema';
import { checkTotp, totpStep } from './second-factor';

const SECRET = 'JBSWY3DPEHPK3PXP';
const totp = new TOTP({ secret: Secret.fromBase32(SECRET), digits: 6, period: 30 });
// 2026-11-22 10:00:15 UTC, in the middle of step 59_825_040.
const now = Date.UTC(2026, 10, 22, 10, 0, 15);
const step = Math.floor(now / 30_000);
const codeAt = (offsetSteps: number) => totp.generate({ timestamp: now + offsetSteps * 30_000 });

describe('one-time codes (TOTP, SHA-1, 6 digits, 30 s)', () => {
  it('names the step of the code, one step of drift either way', () => {
    expect(totpStep(SECRET, codeAt(0), now)).toBe(step);
    expect(totpStep(SECRET, codeAt(-1), now)).toBe(step - 1);
    expect(totpStep(SECRET, codeAt(1), now)).toBe(step + 1);
    expect(totpStep(SECRET, codeAt(-2), now)).toBeNull();
    expect(totpStep(SECRET, codeAt(2), now)).toBeNull();
  });

  it('ignores spaces, refuses anything but six digits and a broken secret', () => {
    const code = codeAt(0);
    expect(totpStep(SECRET, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(step);
    expect(totpStep(SECRET, code.slice(0, 5), now)).toBeNull();
    expect(totpStep(SECRET, `${code}0`, now)).toBeNull();
    expect(totpStep(SECRET, 'abcdef', now)).toBeNull();
    expect(totpStep('not base32 !', code, now)).toBeNull();
  });
});

describe('checkTotp', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('accepts a code once and no older code afterwards', async () => {
    const user = await createUser(t.database.db, { totpSecret: SECRET });
    expect(await checkTotp(t.database.db, user.id, SECRET, codeAt(0), now)).toBe('accepted');
    // The same code again, or an older one still in the window: right, but used.
    expect(await checkTotp(t.database.db, user.id, SECRET, codeAt(0), now)).toBe('used');
    expect(await checkTotp(t.database.db, user.id, SECRET, codeAt(-1), now)).toBe('used');
    expect(await checkTotp(t.database.db, user.id, SECRET, codeAt(1), now)).toBe('accepted');
    const [row] = await t.database.db
      .select({ last: users.totpLastStep })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.last).toBe(step + 1);
  });

  it('records nothing for a wrong code', async () => {
    const user = await createUser(t.database.db, { totpSecret: SECRET });
    expect(await checkTotp(t.database.db, user.id, SECRET, codeAt(3), now)).toBe('invalid');
    const [row] = await t.database.db
      .select({ last: users.totpLastStep })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.last).toBeNull();
  });

  it('lets only one of two simultaneous uses of a code through', async () => {
    const user = await createUser(t.database.db, { totpSecret: SECRET });
    const results = await Promise.all(
      [0, 1, 2].map(() => checkTotp(t.database.db, user.id, SECRET, codeAt(0), now)),
    );
    expect(results.sort()).toEqual(['accepted', 'used', 'used']);
  });
});
