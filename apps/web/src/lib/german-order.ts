/**
 * German alphabetical order for names in lists (DIN 5007-1: ä as a, ö as o, ü as u, ß as ss,
 * case ignored; numbers by their value; on a tie the unaccented, then the lower-case spelling
 * first, as Intl.Collator with `numeric` does), without `Intl.Collator`: creating the first collator
 * loads ICU's collation data, about 20 ms of main thread on the first view (80 ms at Lighthouse's
 * 4× slowdown), for a handful of tile names. `german-order.test.ts` holds it to Intl.Collator's
 * order for the kinds of names the portal shows.
 */
const FOLDED: Record<string, string> = {
  ä: 'a',
  ö: 'o',
  ü: 'u',
  ß: 'ss',
  à: 'a',
  á: 'a',
  â: 'a',
  ç: 'c',
  è: 'e',
  é: 'e',
  ê: 'e',
  ë: 'e',
  î: 'i',
  ï: 'i',
  ô: 'o',
  û: 'u',
};

/**
 * Numbers in names count as numbers ('Praxis Bauer 12' before 'Praxis Bauer 112', as
 * Intl.Collator's `numeric` option orders them): each run of digits is padded to one width.
 */
const padNumbers = (text: string) => text.replace(/\d+/g, (digits) => digits.padStart(20, '0'));

const fold = (text: string) =>
  padNumbers(text.toLowerCase().replace(/[äöüßàáâçèéêëîïôû]/g, (c) => FOLDED[c]!));

const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function compareGerman(a: string, b: string): number {
  return (
    order(fold(a), fold(b)) ||
    order(a.toLowerCase(), b.toLowerCase()) ||
    // Lower case first: the reverse of the code points' order (a = 97, A = 65).
    order(b, a)
  );
}
