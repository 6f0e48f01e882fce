import { isBuiltFromPersonalData, PASSWORD_MIN_LENGTH, PASSWORD_MIN_SCORE } from '@portal/contract';
import { account } from '../../../messages/de';

export type StrengthChecker = (password: string, userInputs?: string[]) => number;

let loading: Promise<StrengthChecker> | undefined;

/**
 * zxcvbn-ts with its common and German dictionaries, the same as the server checks with; loaded
 * on first need (the dictionaries are large), so only the password form pays for them.
 */
export function loadStrengthChecker(): Promise<StrengthChecker> {
  loading ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-de'),
  ]).then(([core, common, german]) => {
    const factory = new core.ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...german.dictionary },
      graphs: common.adjacencyGraphs,
      translations: german.translations,
    });
    // As the server scores (password-policy.ts): built from the user's own words, at most 1.
    return (password, userInputs = []) => {
      const { score } = factory.check(password.slice(0, 256), userInputs);
      return isBuiltFromPersonalData(password, userInputs) ? Math.min(score, 1) : score;
    };
  });
  return loading;
}

/**
 * The first broken rule as a German message, or null (score null while the checker loads): as
 * the server says it, a password built from the person's names or address is named as such.
 */
export function passwordRuleMessage(
  password: string,
  score: number | null,
  userInputs: string[] = [],
): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return account.password.tooShort;
  if (isBuiltFromPersonalData(password, userInputs)) return account.password.fromPersonalData;
  if (score !== null && score < PASSWORD_MIN_SCORE) return account.password.tooWeak;
  return null;
}

/** The German label of a zxcvbn score 0–4. */
export const strengthLabel = (score: number) =>
  account.password.strength[Math.max(0, Math.min(4, Math.round(score)))]!;
