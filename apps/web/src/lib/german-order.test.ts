import { describe, expect, it } from 'vitest';
import { compareGerman } from './german-order';

/** Names of the kinds the portal lists: tiles, groups, institutions, document types. */
const NAMES = [
  'Abrechnung',
  'Ärzte',
  'Aufträge',
  'Banking',
  'Mein Online-Banking',
  'Meine Dokumente',
  'Praxisfinanzierung',
  'Praxis-Check',
  'Straße',
  'Strand',
  'Stuhl',
  'Zahn',
  'Zahlungen',
  'zahlungen',
  'ODITS Kundencenter',
  'Öffnungszeiten',
  'Offene Posten',
  'Übersicht',
  'Ueberweisung',
  'TI-Anschluss',
  'TI Connect',
  'Café',
  'Cafe',
  'Fortbildung 2026',
  'Fortbildung 2025',
  'Fortbildung',
  'eRezept',
  'E-Mail',
  'Kartenzahlung (MCC)',
  'Konto-Wechselservice',
  'Geschäftskonto',
  'Geschaeft',
  'Praxis Bauer 112',
  'Praxis Bauer 12',
  'Praxis Bauer 2',
  'MVZ 10 Nord',
  'MVZ 9 Süd',
];

describe('compareGerman', () => {
  it('orders the portal’s kinds of names as Intl.Collator de-DE does', () => {
    const collator = new Intl.Collator('de-DE', { numeric: true });
    const expected = [...NAMES].sort(collator.compare);
    expect([...NAMES].sort(compareGerman)).toEqual(expected);
    expect([...NAMES].reverse().sort(compareGerman)).toEqual(expected);
  });

  it("orders numbers by value: 'Praxis Bauer 2', '12', '112' (a picker of 600 customers listed 112 before 12)", () => {
    expect(['Praxis Bauer 112', 'Praxis Bauer 12', 'Praxis Bauer 2'].sort(compareGerman)).toEqual([
      'Praxis Bauer 2',
      'Praxis Bauer 12',
      'Praxis Bauer 112',
    ]);
  });

  it('puts umlauts beside their vowel and ß beside ss (DIN 5007-1)', () => {
    expect(['Zeit', 'Ärzte', 'Banking'].sort(compareGerman)).toEqual(['Ärzte', 'Banking', 'Zeit']);
    expect(['Stuhl', 'Straße', 'Strand'].sort(compareGerman)).toEqual([
      'Strand',
      'Straße',
      'Stuhl',
    ]);
    expect(compareGerman('Abc', 'abc')).toBeGreaterThan(0);
    expect(compareGerman('abc', 'abc')).toBe(0);
  });
});
