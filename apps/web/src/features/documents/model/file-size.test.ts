import { describe, expect, it } from 'vitest';
import { formatFileSize, formatSizeLimit } from './file-size';

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
