import {
  isBuiltFromPersonalData,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MIN_SCORE,
} from '@portal/contract';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { messages } from './messages';

let factory: Promise<ZxcvbnFactory> | undefined;

/**
 * zxcvbn-ts with its common and German dictionaries, loaded on first use: the dictionaries are
 * several megabytes, and the server's start should not wait for them.
 */
function zxcvbn(): Promise<ZxcvbnFactory> {
  factory ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-de'),
  ]).then(
    ([core, common, german]) =>
      new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...german.dictionary },
        graphs: common.adjacencyGraphs,
        translations: german.translations,
      }),
  );
  return factory;
}

/**
 * The strength score (0–4) of a password; the user's own names and e-mail count as guessable,
 * and a password built from them and little else scores at most 1 (isBuiltFromPersonalData).
 */
export async function passwordScore(password: string, userInputs: string[] = []): Promise<number> {
  const score = (await zxcvbn()).check(password.slice(0, PASSWORD_MAX_LENGTH), userInputs).score;
  return isBuiltFromPersonalData(password, userInputs) ? Math.min(score, 1) : score;
}

/**
 * The first broken password rule as a German message, or null: at least 10 characters, at
 * most 256, not built from the person's own names and address, and a zxcvbn score of at least 3.
 */
export async function passwordProblem(
  password: string,
  userInputs: string[] = [],
): Promise<string | null> {
  if (password.length === 0) return messages.passwordMissing;
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    return messages.passwordTooShort(PASSWORD_MIN_LENGTH);
  }
  if (password.length > PASSWORD_MAX_LENGTH) return messages.passwordTooLong(PASSWORD_MAX_LENGTH);
  // Said as such: "zu leicht zu erraten" alone left "Nora Neu 2026" a riddle to its author.
  if (isBuiltFromPersonalData(password, userInputs)) return messages.passwordFromPersonalData;
  if ((await passwordScore(password, userInputs)) < PASSWORD_MIN_SCORE)
    return messages.passwordTooWeak;
  return null;
}
