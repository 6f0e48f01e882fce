import { describe, expect, it } from 'vitest';
import { downloadFileName, fileSummary, formatGermanDate } from './file-name';

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

describe('what a download brings', () => {
  it('names the kind of file and its size', () => {
    expect(fileSummary('application/pdf', 31_457_332)).toBe('PDF, 30 MB');
    expect(fileSummary('text/plain; charset=utf-8', 56)).toBe('TXT, 56 Byte');
    expect(
      fileSummary(
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        348_160,
      ),
    ).toBe('DOCX, 340 KB');
    expect(fileSummary('application/octet-stream', 2_621_440)).toBe('2,5 MB');
  });
});
