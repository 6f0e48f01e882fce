import { describe, expect, it } from 'vitest';
import { institutionAdmin } from './account';

describe('the invitation state, read as people say it', () => {
  it.each([
    [0, 'Eingeladen (gerade eben)'],
    [1, 'Eingeladen vor 1 Minute'],
    [59, 'Eingeladen vor 59 Minuten'],
    [60, 'Eingeladen vor 1 Stunde'],
    [148, 'Eingeladen vor 2 Stunden'],
    [1439, 'Eingeladen vor 23 Stunden'],
    [1440, 'Eingeladen vor 1 Tag'],
    [10_080, 'Eingeladen vor 7 Tagen'],
  ])('%i minutes: %s', (minutes, text) => {
    expect(institutionAdmin.users.invited(minutes)).toBe(text);
  });
});
