import { describe, expect, it } from 'vitest';

// The two tests run in this order: the second sees what the first left only if the test setup
// (setup.ts) does not clear it.
describe('each test starts with empty browser storage (test/setup.ts)', () => {
  it('a test stores what the app stores: the last institution, a tab choice', () => {
    localStorage.setItem('lastInstitutionId', '11111111-1111-4111-8111-111111111111');
    sessionStorage.setItem('portal.institution_id', '11111111-1111-4111-8111-111111111111');
    expect(localStorage.length).toBe(1);
  });

  it('the next test does not find it (it would choose that institution)', () => {
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });
});
