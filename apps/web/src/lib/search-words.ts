import { spellingFree } from '@portal/contract';

/** One space between words, none around them; `spellingFree` does the lower case. */
const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The words of a search, made once per search: lower case (German rules), in the one spelling of
 * `spellingFree` (ä, ae or a; ß or ss). A list filtered with them compares each text with words
 * already prepared (the Kunde picker checks 600 customers per key). None for a blank search.
 */
export type SearchWords = readonly string[] & { readonly __searchWords: true };

export function searchWords(query: string): SearchWords {
  const text = normalise(query);
  return (text ? spellingFree(text).split(' ') : []) as unknown as SearchWords;
}

/**
 * Whether every word of a search is found somewhere in `texts` (all match no words), whichever
 * way umlauts and ß are spelt (ä, ae or a; ß or ss).
 */
export function matchesSearch(texts: readonly string[], words: SearchWords): boolean {
  if (words.length === 0) return true;
  const text = spellingFree(normalise(texts.join(' ')));
  return words.every((word) => text.includes(word));
}
