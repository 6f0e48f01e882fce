import { describe, expect, it } from 'vitest';
import { formatAccessTime, formatDuration } from './support-access';

describe('Support-Zugriffe formats', () => {
  it('shows the time as dd.MM.yyyy HH:mm in German time', () => {
    expect(formatAccessTime('2026-03-05T08:07:00Z')).toBe('05.03.2026 09:07');
    expect(formatAccessTime('nonsense')).toBe('');
  });

  it('shows durations in minutes and hours', () => {
    expect(formatDuration(30)).toBe('unter 1 Min.');
    expect(formatDuration(12 * 60 + 5)).toBe('12 Min.');
    expect(formatDuration(3600)).toBe('1 Std.');
    expect(formatDuration(3900)).toBe('1 Std. 5 Min.');
  });
});
