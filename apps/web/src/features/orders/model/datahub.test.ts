import { describe, expect, it } from 'vitest';
import { datahubSections, formatDatahubValue } from './datahub';

describe('formatDatahubValue: datahub values as German text', () => {
  it.each([
    ['null', null, '–'],
    ['an empty string', '', '–'],
    ['true', true, 'Ja'],
    ['false', false, 'Nein'],
    ['a number', 12345.5, '12.345,5'],
    ['a four-digit number (a year) stays whole', 2019, '2019'],
    ['a four-digit decimal stays whole', 1234.5, '1234,5'],
    ['a text', 'Eingerichtet', 'Eingerichtet'],
    ['an ISO date', '2025-09-15', '15.09.2025'],
    ['an instant, the day in Berlin', '2025-09-14T22:30:00.000Z', '15.09.2025'],
    ['a number-like text stays as it is', '100567', '100567'],
    ['euros', { amount: 25000.5, currency: 'EUR' }, '25.000,50\u00a0€'],
    ['another currency', { amount: 10, currency: 'CHF' }, '10,00\u00a0CHF'],
    ['a list', ['eHBA', 'SMC-B', true], 'eHBA, SMC-B, Ja'],
    ['an empty list', [], '–'],
    ['an object inside a list', [{ Art: 'eHBA', Anzahl: 2 }], 'Art: eHBA; Anzahl: 2'],
  ] as const)('%s', (_case, value, expected) => {
    expect(formatDatahubValue(value as never)).toBe(expected);
  });
});

describe('datahubSections: jsonData as German key/value sections', () => {
  it('makes a section of every object, in the order of the document', () => {
    const jsonData = JSON.stringify({
      Vertrag: {
        Geschäftsfall: 'Geschäftskonto',
        'Kundennummer (Kd.-Nr.)': '100567',
        Vertragsbeginn: '2025-09-15T08:00:00.000Z',
      },
      Kunde: { Name: 'Zahnarztpraxis Dr. Müller', Straße: null },
      'Bankkonto-Bestellung': [{ Status: 'Eingerichtet', Abgeschlossen: true }],
      'Letzter Finanzierungswunsch': { Betrag: { amount: 25000.5, currency: 'EUR' } },
    });
    expect(datahubSections(jsonData)).toEqual([
      {
        title: 'Vertrag',
        entries: [
          { label: 'Geschäftsfall', value: 'Geschäftskonto' },
          { label: 'Kundennummer (Kd.-Nr.)', value: '100567' },
          { label: 'Vertragsbeginn', value: '15.09.2025' },
        ],
      },
      {
        title: 'Kunde',
        entries: [
          { label: 'Name', value: 'Zahnarztpraxis Dr. Müller' },
          { label: 'Straße', value: '–' },
        ],
      },
      {
        title: 'Bankkonto-Bestellung',
        entries: [
          { label: 'Status', value: 'Eingerichtet' },
          { label: 'Abgeschlossen', value: 'Ja' },
        ],
      },
      {
        title: 'Letzter Finanzierungswunsch',
        entries: [{ label: 'Betrag', value: '25.000,50\u00a0€' }],
      },
    ]);
  });

  it.each([
    [
      'several objects in a list are numbered',
      { 'TI-Bestellung': [{ Status: 'A' }, { Status: 'B' }] },
      [
        { title: 'TI-Bestellung (1)', entries: [{ label: 'Status', value: 'A' }] },
        { title: 'TI-Bestellung (2)', entries: [{ label: 'Status', value: 'B' }] },
      ],
    ],
    [
      'loose values come first under Allgemein',
      { Vertrag: { Nummer: 'V-1' }, Hinweis: 'Bitte prüfen', Aktiv: false },
      [
        {
          title: 'Allgemein',
          entries: [
            { label: 'Hinweis', value: 'Bitte prüfen' },
            { label: 'Aktiv', value: 'Nein' },
          ],
        },
        { title: 'Vertrag', entries: [{ label: 'Nummer', value: 'V-1' }] },
      ],
    ],
    [
      'nested objects label their values "Außen – Innen"',
      { Kunde: { Adresse: { Ort: 'Bremen', PLZ: '28195' } } },
      [
        {
          title: 'Kunde',
          entries: [
            { label: 'Adresse – Ort', value: 'Bremen' },
            { label: 'Adresse – PLZ', value: '28195' },
          ],
        },
      ],
    ],
    ['an empty document has no sections', {}, []],
  ])('%s', (_case, document, expected) => {
    expect(datahubSections(JSON.stringify(document))).toEqual(expected);
  });

  it.each([
    ['malformed JSON', '{"Vertrag": {'],
    ['an empty string', ''],
    ['not JSON at all', 'Vertrag: 1'],
    ['a JSON list', '[{"Status":"A"}]'],
    ['a JSON text', '"Vertrag"'],
    ['JSON null', 'null'],
  ])('gives null, never throws, for %s', (_case, jsonData) => {
    expect(datahubSections(jsonData)).toBeNull();
  });
});
