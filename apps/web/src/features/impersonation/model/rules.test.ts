import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createSearch,
  formState,
  isSessionImpersonated,
  isValidId,
  searchTerm,
  showImpersonationButton,
} from './rules';

const ID = '3f7160e7-2970-47c7-b55f-9fcb35b83336';
const OTHER = '34ec2e6d-ae95-40fd-a090-2d56bdd00860';

describe('button visibility', () => {
  it('shows for owner institutions and admins or support users, or while impersonating', () => {
    const owner = [{ owner: false }, { owner: true }];
    expect(
      showImpersonationButton({
        isImpersonating: false,
        relationships: owner,
        role: 'SUPPORT_USER',
      }),
    ).toBe(true);
    expect(
      showImpersonationButton({
        isImpersonating: false,
        relationships: owner,
        role: 'INSTITUTION_ADMIN',
      }),
    ).toBe(true);
    expect(
      showImpersonationButton({
        isImpersonating: false,
        relationships: owner,
        role: 'INSTITUTION_MEMBER',
      }),
    ).toBe(false);
    expect(
      showImpersonationButton({
        isImpersonating: false,
        relationships: [{ owner: false }],
        role: 'INSTITUTION_ADMIN',
      }),
    ).toBe(false);
    expect(
      showImpersonationButton({
        isImpersonating: false,
        relationships: undefined,
        role: 'SUPPORT_USER',
      }),
    ).toBe(false);
    expect(
      showImpersonationButton({
        isImpersonating: true,
        relationships: [],
        role: 'INSTITUTION_MEMBER',
      }),
    ).toBe(true);
  });
});

describe('id pattern', () => {
  it('accepts 36 lower-case hex digits and hyphens only', () => {
    expect(isValidId(ID)).toBe(true);
    expect(isValidId(ID.toUpperCase())).toBe(false);
    expect(isValidId(ID.slice(1))).toBe(false);
    expect(isValidId(`${ID}0`)).toBe(false);
    expect(isValidId('')).toBe(false);
    expect(isValidId(null)).toBe(false);
  });
});

describe('session is impersonated', () => {
  it('needs an impersonator different from the subject and stored impersonation tokens', () => {
    expect(isSessionImpersonated({ sub: ID, impersonator: { id: OTHER } }, true)).toBe(true);
    expect(isSessionImpersonated({ sub: ID, impersonator: { id: OTHER } }, false)).toBe(false);
    expect(isSessionImpersonated({ sub: ID, impersonator: { id: ID } }, true)).toBe(false);
    expect(isSessionImpersonated({ sub: ID }, true)).toBe(false);
    expect(isSessionImpersonated(null, true)).toBe(false);
  });
});

describe('form state', () => {
  const base = {
    institutionId: ID,
    userId: OTHER,
    isPending: false,
    isLoadingInstitution: false,
    isImpersonating: false,
  };
  it('enables Anmelden only for a valid, idle, not impersonating form', () => {
    expect(formState(base).submitDisabled).toBe(false);
    expect(formState({ ...base, userId: null }).submitDisabled).toBe(true);
    expect(formState({ ...base, userId: 'x' }).submitDisabled).toBe(true);
    expect(formState({ ...base, isPending: true }).submitDisabled).toBe(true);
    expect(formState({ ...base, isLoadingInstitution: true }).submitDisabled).toBe(true);
    expect(formState({ ...base, isImpersonating: true }).submitDisabled).toBe(true);
  });
  it('enables the user field after a valid institution, disables the institution while impersonating', () => {
    expect(formState({ ...base, institutionId: null }).userFieldDisabled).toBe(true);
    expect(formState({ ...base, institutionId: 'abc' }).userFieldDisabled).toBe(true);
    expect(formState(base).userFieldDisabled).toBe(false);
    expect(formState(base).institutionFieldDisabled).toBe(false);
    expect(formState({ ...base, isImpersonating: true }).institutionFieldDisabled).toBe(true);
    expect(formState(base).ownUserDisabled).toBe(true);
    expect(formState({ ...base, isImpersonating: true }).ownUserDisabled).toBe(false);
  });
});

describe('search', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('needs 3 characters after trimming', async () => {
    expect(searchTerm('  ab  ')).toBeNull();
    expect(searchTerm(' abc ')).toBe('abc');
    const run = vi.fn(async () => ['x']);
    const search = createSearch(run);
    await expect(search(' ab ')).resolves.toEqual([]);
    expect(run).not.toHaveBeenCalled();
  });

  it('waits 200 ms and sends only the last term', async () => {
    const run = vi.fn(async (term: string) => [term]);
    const search = createSearch(run);
    const first = search('Son');
    const second = search('Sonnen');
    await vi.advanceTimersByTimeAsync(199);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledWith('Sonnen');
    await expect(second).resolves.toEqual(['Sonnen']);
    await expect(first).resolves.toEqual([]);
  });

  it('does not repeat the same search and answers [] on failure', async () => {
    const run = vi.fn(async (term: string) => [term]);
    const search = createSearch(run);
    const a = search('Sonnen');
    await vi.advanceTimersByTimeAsync(200);
    await a;
    await expect(search(' Sonnen ')).resolves.toEqual(['Sonnen']);
    expect(run).toHaveBeenCalledTimes(1);

    const failing = createSearch(async () => {
      throw new Error('down');
    });
    const b = failing('Sonnen');
    await vi.advanceTimersByTimeAsync(200);
    await expect(b).resolves.toEqual([]);
  });
});
