import { describe, expect, it } from 'vitest';
import { matchesSearch, searchWords } from './search-words';

describe('searchWords', () => {
  it('splits a search into lower-case words (German rules) in one spelling, none for a blank one', () => {
    expect(searchWords('  Rechnung   MÄRZ ')).toEqual(['rechnung', 'marz']);
    expect(searchWords('STRASSE Straße Mueller')).toEqual(['strasse', 'strasse', 'muller']);
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
    ['the umlaut written out', 'mueller', true],
    ['the umlaut left out', 'muller', true],
    ['part of it, written out', 'Muel', true],
  ])('%s: "%s"', (_case, query, expected) => {
    expect(matchesSearch(texts, searchWords(query))).toBe(expected);
  });
});

describe('matchesSearch: umlauts and ß however they are typed', () => {
  it.each([
    ['Straße', 'strasse', true],
    ['Strasse', 'straße', true],
    ['Praxis Jäger', 'jaeger', true],
    ['Praxis Jaeger', 'jäger', true],
    ['Praxis Köhler', 'kohler', true],
    ['Dr. Müller', 'dr. mueller', true],
    ['Dr. Müller', 'miller', false],
    ['Rechnung 03.2026', '03.2026', true],
  ])('"%s" found by "%s": %s', (text, query, expected) => {
    expect(matchesSearch([text], searchWords(query))).toBe(expected);
  });
});
