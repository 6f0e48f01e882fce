const normalise = (text: string) => text.toLocaleLowerCase('de-DE').replace(/\s+/g, ' ').trim();

/** The words of a search (lower case, German rules); none for an empty or blank one. */
export function searchWords(query: string): string[] {
  const text = normalise(query);
  return text ? text.split(' ') : [];
}

/** Whether every word of a search is found somewhere in `texts` (all match no words). */
export function matchesSearch(texts: readonly string[], words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const text = normalise(texts.join(' '));
  return words.every((word) => text.includes(word));
}
