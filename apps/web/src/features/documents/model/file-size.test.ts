import { describe, expect, it } from 'vitest';
import { formatFileSize, formatSizeLimit, formatTooLarge } from './file-size';

const MB = 1024 * 1024;

describe('formatFileSize: the size beside a chosen file', () => {
  it.each([
    [0, '0 Byte'],
    [45, '45 Byte'],
    [1023, '1.023 Byte'],
    [1024, '1 KB'],
    [340 * 1024, '340 KB'],
    [2.5 * MB, '2,5 MB'],
    [50 * MB, '50 MB'],
    [120.06 * MB, '120,1 MB'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe('formatSizeLimit: the upload limit, rounded down', () => {
  it.each([
    [50 * MB, '50 MB'],
    [1.5 * MB, '1,5 MB'],
    [MB, '1 MB'],
    [1.99 * MB, '1,9 MB'],
    [1000 * MB, '1.000 MB'],
    [512 * 1024, '512 KB'],
    [64 * 1024 + 700, '64 KB'],
    [100, '1 KB'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatSizeLimit(bytes)).toBe(text);
  });
});

describe('formatTooLarge: a refused file never looks as large as the limit', () => {
  it('names both to the byte when the rounding would make them equal', () => {
    expect(formatTooLarge(2 * MB + 1, 2 * MB)).toEqual({
      size: '2.097.153 Byte',
      limit: '2 MB (2.097.152 Byte)',
    });
    expect(formatTooLarge(Math.round(2.04 * MB), 2 * MB)).toEqual({
      size: '2.139.095 Byte',
      limit: '2 MB (2.097.152 Byte)',
    });
  });

  it('keeps the rounded sizes when they differ', () => {
    expect(formatTooLarge(3 * MB, 2 * MB)).toEqual({ size: '3 MB', limit: '2 MB' });
    expect(formatTooLarge(2.2 * MB, 2 * MB)).toEqual({ size: '2,2 MB', limit: '2 MB' });
    expect(formatTooLarge(1.96 * MB, 1.95 * MB)).toEqual({ size: '2 MB', limit: '1,9 MB' });
  });
});
