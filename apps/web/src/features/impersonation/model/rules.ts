import { ID_PATTERN } from '@portal/contract/ids';

/** Searches start at this many characters (after trimming). */
export const MIN_SEARCH_LENGTH = 3;
/** Typing pauses this long before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 200;
export {
  IMPERSONATION_KEYS,
  MIN_VALIDITY_BEFORE_IMPERSONATION_SECONDS,
} from '../../../lib/impersonation-tokens';

/** Ids in the form: 36 lower-case hex digits and hyphens. */
export const isValidId = (value: string | null | undefined): value is string =>
  typeof value === 'string' && ID_PATTERN.test(value);

export { showImpersonationButton } from './button-rule';

/**
 * The session is impersonated when the token has an impersonator whose id differs from the
 * subject and impersonation tokens are stored.
 */
export function isSessionImpersonated(
  claims: { sub?: unknown; impersonator?: { id?: unknown } | null } | null | undefined,
  hasStoredImpersonationTokens: boolean,
): boolean {
  const impersonatorId = claims?.impersonator?.id;
  return (
    hasStoredImpersonationTokens &&
    typeof impersonatorId === 'string' &&
    impersonatorId.length > 0 &&
    impersonatorId !== claims?.sub
  );
}

/** The search text to send, or null when it is too short. */
export function searchTerm(input: string): string | null {
  const trimmed = input.trim();
  return trimmed.length >= MIN_SEARCH_LENGTH ? trimmed : null;
}

export interface FormInput {
  institutionId: string | null;
  userId: string | null;
  isPending: boolean;
  isLoadingInstitution: boolean;
  isImpersonating: boolean;
}

/** Which controls of the modal are usable (spec section 5). */
export function formState(input: FormInput) {
  const institutionValid = isValidId(input.institutionId);
  const valid = institutionValid && isValidId(input.userId);
  return {
    institutionFieldDisabled: input.isImpersonating,
    userFieldDisabled: !institutionValid,
    submitDisabled:
      !valid || input.isPending || input.isLoadingInstitution || input.isImpersonating,
    ownUserDisabled: !input.isImpersonating,
  };
}

/**
 * Debounced, de-duplicated search: only the last call within `delayMs` runs, a term equal to
 * the previous one is answered from it, terms shorter than the minimum answer [], and a
 * failure answers [].
 */
export function createSearch<T>(
  run: (term: string) => Promise<T[]>,
  delayMs = SEARCH_DEBOUNCE_MS,
): (input: string) => Promise<T[]> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pendingResolve: ((value: T[] | undefined) => void) | undefined;
  let lastTerm: string | null = null;
  let lastResult: Promise<T[]> | null = null;
  return (input) => {
    const term = searchTerm(input);
    if (timer) clearTimeout(timer);
    pendingResolve?.(undefined);
    if (term === null) return Promise.resolve([]);
    if (term === lastTerm && lastResult) return lastResult;
    return new Promise<T[] | undefined>((resolve) => {
      pendingResolve = resolve;
      timer = setTimeout(() => {
        pendingResolve = undefined;
        lastTerm = term;
        lastResult = run(term).catch(() => {
          lastTerm = null;
          return [] as T[];
        });
        void lastResult.then(resolve);
      }, delayMs);
    }).then((value) => value ?? []);
  };
}
