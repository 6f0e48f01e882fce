import { describe, expect, it } from 'vitest';
import { matchesSearch, searchWords } from './search-words';

describe('searchWords', () => {
  it('splits a search into lower-case words (German rules), none for a blank one', () => {
    expect(searchWords('  Rechnung   MÄRZ ')).toEqual(['rechnung', 'märz']);
    expect(searchWords('STRASSE Straße')).toEqual(['strasse', 'straße']);
    expect(searchWords('   ')).toEqual([]);
  });
});

describe('matchesSearch: every word somewhere in the texts', () => {
  const texts = ['Zahnarztpraxis Dr. Müller', 'Legitimiert'];
  it.each([
    ['no words', '', true],
    ['a part of a word, any case', 'zahn', true],
    ['an umlaut in upper case', 'MÜLLER', true],
    ['words from two texts', 'müller legit', true],
    ['one word that is nowhere', 'müller sonnenschein', false],
  ])('%s: "%s"', (_case, query, expected) => {
    expect(matchesSearch(texts, searchWords(query))).toBe(expected);
  });
});
