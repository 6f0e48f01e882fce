import { describe, expect, it } from 'vitest';
import { downloadFileName, formatGermanDate } from './file-name';

describe('download file names', () => {
  it('adds the extension of the content type once, umlauts intact', () => {
    expect(downloadFileName('Befund Müller', 'application/pdf')).toBe('Befund Müller.pdf');
    expect(downloadFileName('Befund Müller.PDF', 'application/pdf')).toBe('Befund Müller.PDF');
    expect(downloadFileName('Foto.jpeg', 'image/jpeg')).toBe('Foto.jpeg');
    expect(downloadFileName('Notiz', 'text/plain; charset=utf-8')).toBe('Notiz.txt');
  });
  it('formats dates as dd.MM.yyyy', () => {
    expect(formatGermanDate('2026-11-03')).toBe('03.11.2026');
  });
});
