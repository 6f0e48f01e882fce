import { createHash } from 'node:crypto';
import type { Db } from '../client';
import { institutionLogos, tileDefinitions, tileGroups, tileIcons } from '../schema';
import {
  DEMO_INSTITUTIONS,
  DEMO_TILE_GROUPS,
  DEMO_TILES,
  DEMO_BUSINESS_CASE_TYPES as T,
} from './demo-ids';

/** Small 24×24 SVG icons (stroke in one colour, so `isDyeable` icons can take the theme colour). */
const svg = (body: string, colour = '#1864ab') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="48" height="48" fill="none" stroke="${colour}" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${body}</svg>`;

export const DEMO_ICON_SVGS = {
  bank: svg('<path d="M3 10h18L12 4z"/><path d="M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 20h18"/>'),
  switching: svg('<path d="M4 8h13l-3-3M20 16H7l3 3"/>'),
  card: svg('<rect x="3" y="6" width="18" height="12" rx="2"/><path d="M3 10h18M7 15h4"/>'),
  connect: svg(
    '<circle cx="6" cy="12" r="2.5"/><circle cx="18" cy="6" r="2.5"/><circle cx="18" cy="18" r="2.5"/><path d="M8.2 11l7.6-4M8.2 13l7.6 4"/>',
  ),
  customerCentre: svg('<circle cx="12" cy="8" r="3.5"/><path d="M5 20c1-4 4-6 7-6s6 2 7 6"/>'),
  onboarding: svg('<path d="M5 12l4 4 10-10"/><path d="M4 20h16"/>'),
  document: svg('<path d="M7 3h7l4 4v14H7z"/><path d="M14 3v4h4M9.5 12h6M9.5 16h6"/>'),
  finance: svg(
    '<circle cx="12" cy="12" r="8.5"/><path d="M14.8 8.6a3.6 3.6 0 1 0 0 6.8M7.5 11h6M7.5 13.4h6"/>',
  ),
  leasing: svg('<rect x="4" y="5" width="16" height="11" rx="1.5"/><path d="M9 20h6M12 16v4"/>'),
  check: svg('<path d="M4 5h16v14H4z"/><path d="M8 12l3 3 5-6"/>'),
  seminar: svg(
    '<rect x="3" y="4" width="18" height="12" rx="1.5"/><path d="M10 8l4 2-4 2z"/><path d="M8 20h8"/>',
  ),
  newsletter: svg('<rect x="3" y="5" width="18" height="14" rx="2"/><path d="M3 7l9 6 9-6"/>'),
  folder: svg(
    '<path d="M3 6.5A1.5 1.5 0 0 1 4.5 5H9l2 2h8.5A1.5 1.5 0 0 1 21 8.5v9a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5z"/>',
  ),
  logoNord: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64"><rect width="64" height="64" rx="12" fill="#0b7285"/><path d="M16 46V18l32 28V18" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/></svg>`,
} as const;
type IconName = keyof typeof DEMO_ICON_SVGS;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
export const demoIconSha = (name: IconName) => sha256(Buffer.from(DEMO_ICON_SVGS[name], 'utf8'));

const NORD = DEMO_INSTITUTIONS.abrechnungszentrumNord;

const GROUPS: (typeof tileGroups.$inferInsert)[] = [
  {
    id: DEMO_TILE_GROUPS.finanzierung,
    institutionId: NORD,
    name: 'Finanzierung',
    shortDescription: 'Finanzierung und Leasing',
    description: 'Angebote rund um die Finanzierung Ihrer Praxis',
    iconSha256: demoIconSha('folder'),
  },
  {
    id: DEMO_TILE_GROUPS.fortbildung,
    institutionId: NORD,
    name: 'Fortbildung',
    shortDescription: 'Wissen für Ihr Praxisteam',
    description: 'Fortbildungen und Online-Seminare für Praxisteams',
    iconSha256: demoIconSha('seminar'),
  },
];

type TileRow = typeof tileDefinitions.$inferInsert;
const tile = (row: Omit<TileRow, 'institutionId' | 'iconSha256'> & { icon: IconName }): TileRow => {
  const { icon, ...rest } = row;
  return { institutionId: NORD, iconSha256: demoIconSha(icon), ...rest };
};

/**
 * Tiles of Abrechnungszentrum Nord GmbH for the practices' business case types: Praxis
 * Sonnenschein has TIORDER, the three bank types, ODITS_KUNDENCENTER_HILFSMITTEL,
 * DZH_FUER_ONBOARDING_HEIMI and MARKETING; Zahnarztpraxis Dr. Müller the bank types,
 * ODITS_KUNDENCENTER_PFLEGE, DZH_FUER_ONBOARDING_PFLEGE and MARKETING.
 */
const TILES: TileRow[] = [
  tile({
    id: DEMO_TILES.bankAccount,
    businessCaseTypeId: T.BANKACCOUNT,
    name: 'Praxiskonto eröffnen',
    title: 'Geschäftskonto für Heilberufe',
    shortDescription: 'Kostenloses Geschäftskonto für Ihre Praxis',
    description: 'Eröffnen Sie Ihr Praxiskonto online – mit Video-Legitimation in wenigen Minuten.',
    target: '/bankaccount-offer',
    isInternal: true,
    tileType: 'PRIMARY',
    icon: 'bank',
    isDyeable: true,
    priority: 1,
    onePath: 'bankaccount-offer',
  }),
  tile({
    id: DEMO_TILES.switchingService,
    businessCaseTypeId: T.BANKACCOUNT_SWITCHING_SERVICE,
    name: 'Kontowechselservice',
    title: 'Kontowechsel leicht gemacht',
    shortDescription: 'Lastschriften und Daueraufträge automatisch umziehen',
    description:
      'Wir informieren Ihre Zahlungspartner und übertragen Daueraufträge auf Ihr neues Praxiskonto.',
    target: 'https://onboarding.abrechnungszentrum-nord.de/kontowechsel',
    isInternal: false,
    tileType: 'FUNCTIONAL',
    icon: 'switching',
    isDyeable: true,
    priority: 2,
  }),
  tile({
    id: DEMO_TILES.cardPayment,
    businessCaseTypeId: T.BANKACCOUNT_MCC,
    name: 'Kartenzahlung in der Praxis',
    title: 'Kartenterminal und Händlerkonto',
    shortDescription: 'Girocard und Kreditkarte am Empfang annehmen',
    description:
      'Beantragen Sie Ihr Kartenterminal samt Händlerkonto zu festen Praxis-Konditionen.',
    target: 'https://onboarding.abrechnungszentrum-nord.de/kartenzahlung',
    isInternal: false,
    tileType: 'PRIMARY',
    icon: 'card',
    isDyeable: true,
    priority: 2,
  }),
  tile({
    id: DEMO_TILES.tiConnect,
    businessCaseTypeId: T.TIORDER,
    name: 'TI-Anbindung',
    title: 'Telematikinfrastruktur',
    shortDescription: 'Konnektor, Kartenterminals und SMC-B',
    description: 'Status Ihrer Anbindung an die Telematikinfrastruktur und Ihre Ansprechpartner.',
    target: '/connect',
    isInternal: true,
    tileType: 'FUNCTIONAL',
    icon: 'connect',
    isDyeable: true,
    priority: 2,
    onePath: 'connect',
  }),
  tile({
    id: DEMO_TILES.kundencenterHilfsmittel,
    businessCaseTypeId: T.ODITS_KUNDENCENTER_HILFSMITTEL,
    name: 'Kundencenter Hilfsmittel',
    title: 'ODITS Kundencenter',
    shortDescription: 'Abrechnung von Hilfsmitteln',
    description: 'Rezepte, Kostenvoranschläge und Abrechnungen für Hilfsmittel im Überblick.',
    target: 'https://kundencenter.odits.de/hilfsmittel',
    isInternal: false,
    tileType: 'PRIMARY',
    icon: 'customerCentre',
    isDyeable: false,
    priority: 1,
  }),
  tile({
    id: DEMO_TILES.kundencenterPflege,
    businessCaseTypeId: T.ODITS_KUNDENCENTER_PFLEGE,
    name: 'Kundencenter Pflege',
    title: 'ODITS Kundencenter',
    shortDescription: 'Abrechnung von Pflegeleistungen',
    description: 'Leistungsnachweise und Abrechnungen Ihrer Pflegeleistungen im Überblick.',
    target: 'https://kundencenter.odits.de/pflege',
    isInternal: false,
    tileType: 'PRIMARY',
    icon: 'customerCentre',
    isDyeable: false,
    priority: 1,
  }),
  tile({
    id: DEMO_TILES.onboardingHeilmittel,
    businessCaseTypeId: T.DZH_FUER_ONBOARDING_HEIMI,
    name: 'Onboarding Heilmittel',
    title: 'Start mit dem DZH',
    shortDescription: 'Zulassung und Stammdaten für Heilmittelerbringer',
    description: 'Hinterlegen Sie Zulassung, IK-Nummer und Bankverbindung für die Abrechnung.',
    target: 'https://onboarding.dzh-online.de/heilmittel',
    isInternal: false,
    tileType: 'FUNCTIONAL',
    icon: 'onboarding',
    isDyeable: true,
    priority: 1,
  }),
  tile({
    id: DEMO_TILES.egekoSmo,
    businessCaseTypeId: T.DZH_FUER_ONBOARDING_HEIMI,
    name: 'eGeKo SMO',
    title: 'Elektronische Genehmigung',
    shortDescription: 'Verordnungen elektronisch genehmigen lassen',
    description:
      'Genehmigungsanträge für Heilmittelverordnungen elektronisch stellen und verfolgen.',
    target: '/egeko-smo',
    isInternal: true,
    tileType: 'FUNCTIONAL',
    icon: 'document',
    isDyeable: true,
    priority: 3,
    onePath: 'egeko-smo',
  }),
  tile({
    id: DEMO_TILES.onboardingPflege,
    businessCaseTypeId: T.DZH_FUER_ONBOARDING_PFLEGE,
    name: 'Onboarding Pflege',
    title: 'Start mit dem DZH',
    shortDescription: 'Stammdaten für Pflegedienste',
    description: 'Hinterlegen Sie Versorgungsvertrag, IK-Nummer und Bankverbindung.',
    target: 'https://onboarding.dzh-online.de/pflege',
    isInternal: false,
    tileType: 'FUNCTIONAL',
    icon: 'onboarding',
    isDyeable: true,
    priority: 1,
  }),
  tile({
    id: DEMO_TILES.egekoHoz,
    businessCaseTypeId: T.DZH_FUER_ONBOARDING_PFLEGE,
    name: 'eGeKo HOZ',
    title: 'Elektronische Genehmigung',
    shortDescription: 'Häusliche Krankenpflege elektronisch beantragen',
    description: 'Genehmigungsanträge für häusliche Krankenpflege elektronisch stellen.',
    target: '/egeko-hoz',
    isInternal: true,
    tileType: 'FUNCTIONAL',
    icon: 'document',
    isDyeable: true,
    priority: 3,
    onePath: 'egeko-hoz',
  }),
  tile({
    id: DEMO_TILES.praxisfinanzierung,
    businessCaseTypeId: T.MARKETING,
    name: 'Praxisfinanzierung',
    title: 'Finanzierung anfragen',
    shortDescription: 'Unverbindliches Angebot in zwei Minuten',
    description: 'Investitionen, Praxisübernahme oder Modernisierung – fragen Sie Ihr Angebot an.',
    target: '/credit-offer-widget',
    isInternal: true,
    tileType: 'MARKETING',
    icon: 'finance',
    isDyeable: true,
    priority: 1,
    onePath: 'credit-offer-widget',
    tileGroupId: DEMO_TILE_GROUPS.finanzierung,
  }),
  tile({
    id: DEMO_TILES.geraeteleasing,
    businessCaseTypeId: T.MARKETING,
    name: 'Geräteleasing',
    title: 'Medizintechnik leasen',
    shortDescription: 'Neue Geräte ohne hohe Anfangsinvestition',
    description: 'Leasen Sie Behandlungseinheiten, Röntgengeräte und Praxis-IT zu festen Raten.',
    target: 'https://www.abrechnungszentrum-nord.de/leasing',
    isInternal: false,
    tileType: 'MARKETING',
    icon: 'leasing',
    isDyeable: true,
    priority: 2,
    tileGroupId: DEMO_TILE_GROUPS.finanzierung,
  }),
  tile({
    id: DEMO_TILES.abrechnungsCheck,
    businessCaseTypeId: T.MARKETING,
    name: 'Factoring',
    title: 'Sofort liquide',
    shortDescription: 'Privatabrechnung mit Sofortauszahlung',
    description: 'Wir kaufen Ihre Privatforderungen an und zahlen innerhalb von 48 Stunden aus.',
    target: 'https://www.abrechnungszentrum-nord.de/factoring',
    isInternal: false,
    tileType: 'MARKETING',
    icon: 'check',
    isDyeable: true,
    priority: 3,
    tileGroupId: DEMO_TILE_GROUPS.finanzierung,
  }),
  tile({
    id: DEMO_TILES.onlineSeminare,
    businessCaseTypeId: T.MARKETING,
    name: 'Online-Seminare',
    title: 'Fortbildung für Ihr Team',
    shortDescription: 'Abrechnung, Datenschutz und TI kompakt',
    description: 'Kostenlose Online-Seminare für Praxisteams, mit Teilnahmebescheinigung.',
    target: 'https://www.abrechnungszentrum-nord.de/seminare',
    isInternal: false,
    tileType: 'MARKETING',
    icon: 'seminar',
    isDyeable: true,
    priority: 2,
    tileGroupId: DEMO_TILE_GROUPS.fortbildung,
  }),
  tile({
    id: DEMO_TILES.newsletter,
    businessCaseTypeId: T.MARKETING,
    name: 'Praxis-Newsletter',
    title: 'Immer informiert',
    shortDescription: 'Neuigkeiten zu Abrechnung und Gesundheitspolitik',
    description: 'Einmal im Monat das Wichtigste für Ihre Praxis, direkt in Ihr Postfach.',
    target: 'https://www.abrechnungszentrum-nord.de/newsletter',
    isInternal: false,
    tileType: 'MARKETING',
    icon: 'newsletter',
    isDyeable: true,
    priority: 4,
  }),
];

/** Seeds icons, groups, tile definitions and the contractor's logo; idempotent (fixed ids). */
export async function seedTiles(db: Db): Promise<void> {
  await db
    .insert(tileIcons)
    .values(
      Object.values(DEMO_ICON_SVGS).map((text) => {
        const bytes = Buffer.from(text, 'utf8');
        return { sha256: sha256(bytes), mediaType: 'image/svg+xml' as const, bytes };
      }),
    )
    .onConflictDoNothing();
  await db.insert(tileGroups).values(GROUPS).onConflictDoNothing();
  await db.insert(tileDefinitions).values(TILES).onConflictDoNothing();
  await db
    .insert(institutionLogos)
    .values({ institutionId: NORD, iconSha256: demoIconSha('logoNord') })
    .onConflictDoNothing();
}
