const UMLAUTS: Record<string, string> = { ä: 'a', ö: 'o', ü: 'u', ß: 'ss' };

/**
 * One spelling for the ways a German name is typed: 'Müller', 'Mueller' and 'Muller' (a keyboard
 * without umlauts, or a name read out on the phone) all become 'muller'; 'Straße' and 'Strasse'
 * 'strasse'. Lower case (German rules), ß as ss, ä/ö/ü as a/o/u, then ae/oe/ue as a/o/u. It finds
 * a little more ('Bauer' is 'baur' too), never less. The app's lists fold search and texts with
 * it; the server's customer search folds the words with it and the database its texts with
 * `portal_fold` (migration 0021), the same rule.
 */
export function spellingFree(text: string): string {
  return text
    .toLocaleLowerCase('de-DE')
    .replace(/[äöüß]/g, (letter) => UMLAUTS[letter] ?? letter)
    .replace(/([aou])e/g, '$1');
}
