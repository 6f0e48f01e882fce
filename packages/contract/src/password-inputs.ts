/** What the password check needs to know about the user whose password it is. */
export interface PasswordOwner {
  firstName: string;
  lastName: string;
  email: string;
}

/** German letters as users type them without umlauts (Weiß → weiss, Müller → mueller). */
const TRANSLITERATIONS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };
const transliterate = (word: string) =>
  word.replace(/[äöüß]/g, (letter) => TRANSLITERATIONS[letter]!);

/**
 * The user-specific words a password must not be built from, for zxcvbn's `userInputs`: the
 * names and the e-mail address whole, the address's local part and domain, and every part of
 * them (split at anything but letters and digits), each also without umlauts. Lower case, no
 * duplicates, no single characters. The server's check and the app's strength meter both use
 * this list, so the app never rates a password strong that the server then refuses.
 */
export function passwordUserInputs({ firstName, lastName, email }: PasswordOwner): string[] {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  const whole = [
    firstName,
    lastName,
    address,
    ...(at > 0 ? [address.slice(0, at), address.slice(at + 1)] : []),
  ].map((word) => word.trim().toLowerCase());
  const parts = whole.flatMap((word) => word.split(/[^\p{L}\p{N}]+/u));
  const words = new Set<string>();
  for (const word of [...whole, ...parts]) {
    for (const variant of [word, transliterate(word)]) {
      if ([...variant].length > 1) words.add(variant);
    }
  }
  return [...words];
}

/** Letters a password must have besides the user's own words (see {@link isBuiltFromPersonalData}). */
export const MIN_OWN_LETTERS = 4;

/**
 * Whether a password is made of the user's own words and little else: with the words of
 * {@link passwordUserInputs} taken out (also typed without umlauts), fewer than
 * {@link MIN_OWN_LETTERS} letters remain ("Max Weiß 2026", "Sonnenschein2026!" for someone at
 * praxis-sonnenschein.de). zxcvbn rated such passwords strong enough, their spaces and digits
 * counting as guesswork; whoever knows the person guesses them first. Server and app both cap
 * the score of such a password below the minimum.
 */
export function isBuiltFromPersonalData(password: string, userInputs: string[]): boolean {
  let rest = transliterate(password.toLowerCase());
  const words = [...new Set(userInputs.map((word) => transliterate(word.toLowerCase())))].sort(
    (a, b) => b.length - a.length,
  );
  for (const word of words) if (word.length > 1) rest = rest.replaceAll(word, ' ');
  return [...rest.replace(/[^\p{L}]+/gu, '')].length < MIN_OWN_LETTERS;
}
