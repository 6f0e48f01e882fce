import { describe, expect, it } from 'vitest';
import { spellingFree } from './search-spelling';

describe('spellingFree', () => {
  it.each([
    ['Müller', 'muller'],
    ['Mueller', 'muller'],
    ['MULLER', 'muller'],
    ['Straße', 'strasse'],
    ['STRASSE', 'strasse'],
    ['Köln', 'koln'],
    ['Koeln', 'koln'],
    ['Ärztehaus', 'arztehaus'],
    ['Weiß', 'weiss'],
    ['Bauer', 'baur'],
    ['AE-4711', 'a-4711'],
  ])('%s reads %s', (text, folded) => {
    expect(spellingFree(text)).toBe(folded);
  });
});
