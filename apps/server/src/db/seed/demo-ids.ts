/**
 * Fixed ids and e-mails of the demo data (shared/demo-data.md). Tests and end-to-end specs
 * import these instead of repeating literals.
 */

export const DEMO_PASSWORD = 'Demo!2026';
/** Otto Lange's TOTP secret (demo only). */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

export const DEMO_INSTITUTIONS = {
  praxisSonnenschein: '3f7160e7-2970-47c7-b55f-9fcb35b83336',
  zahnarztpraxisMueller: 'd1d13d5a-e434-4d12-b0d3-d838588c33fb',
  abrechnungszentrumNord: '1d5cac2d-8d83-4abb-89d3-f5c41102c3cd',
} as const;

export const DEMO_USERS = {
  anna: '69a18451-606a-47ed-a6dd-5aeee7cc3d31',
  max: 'ef8aaf99-1823-4be6-829e-0adee8fcb570',
  tom: '88436526-f107-4201-a4ea-774e51a093a3',
  sara: '34ec2e6d-ae95-40fd-a090-2d56bdd00860',
  technik: 'c8199b7c-4668-4ab8-ba95-8612e9b17170',
  otto: '022c6e2f-68ab-4f2a-853f-96b153cb21e9',
} as const;
export type DemoUserKey = keyof typeof DEMO_USERS;

export const DEMO_EMAILS: Record<DemoUserKey, string> = {
  anna: 'anna.admin@praxis-sonnenschein.de',
  max: 'max.mitglied@praxis-sonnenschein.de',
  tom: 'tom.trusted@abrechnungszentrum-nord.de',
  sara: 'sara.support@abrechnungszentrum-nord.de',
  technik: 'technik@praxis-sonnenschein.de',
  otto: 'otto.otp@praxis-sonnenschein.de',
};

export const DEMO_RELATIONSHIPS = {
  /** Abrechnungszentrum Nord GmbH → Praxis Sonnenschein, Kd.-Nr. 100234 */
  nordSonnenschein: '7e6bda09-3a70-4854-af73-dada512fac89',
  /** Abrechnungszentrum Nord GmbH → Zahnarztpraxis Dr. Müller, Kd.-Nr. 100567 */
  nordMueller: '13096ace-7a9b-4c7b-abba-4cbab58df051',
} as const;

export const DEMO_REFERENCE_NUMBERS = {
  praxisSonnenschein: '100234',
  zahnarztpraxisMueller: '100567',
} as const;

export const DEMO_BUSINESS_CASE_TYPES = {
  TIORDER: 'a358a0fc-d552-47c2-a1b0-f5e63f6d960a',
  BANKACCOUNT: 'cc9a6f8c-d545-4bd8-bb54-899581d9f4f8',
  BANKACCOUNT_SWITCHING_SERVICE: 'd14a55d1-1caf-4042-9842-62b779d7cb09',
  BANKACCOUNT_MCC: '32727d61-6df1-4ec8-9b4f-9649e6ad34d6',
  ODITS_KUNDENCENTER_HILFSMITTEL: 'f4084602-ebec-4b83-a8ad-e618ff8195ba',
  ODITS_KUNDENCENTER_PFLEGE: '7f35e388-29e8-499a-865e-b7effc062806',
  DZH_FUER_ONBOARDING_HEIMI: '5ed59f74-7bf2-461b-8950-e17b8bbc9199',
  DZH_FUER_ONBOARDING_PFLEGE: 'ec5e3fa5-8821-4252-b826-482bcf9355b4',
  MARKETING: '16f75f0c-f771-42ed-a294-df6ad9983af6',
} as const;
export type DemoBusinessCaseTypeName = keyof typeof DEMO_BUSINESS_CASE_TYPES;

/** Business cases per relationship, by business case type name. */
export const DEMO_BUSINESS_CASES = {
  nordSonnenschein: {
    TIORDER: '8ba7d4e1-a5f6-4673-bc9a-42b9bd1e18d9',
    BANKACCOUNT: '057fc1f4-7f36-4b85-9d0e-272e934de324',
    BANKACCOUNT_SWITCHING_SERVICE: '9082c895-1821-4d23-8d47-d213051543c2',
    BANKACCOUNT_MCC: '1888660c-8b4f-4106-88e5-4663ed994b2f',
    ODITS_KUNDENCENTER_HILFSMITTEL: 'ad73facf-06a7-44bb-a1f2-b8f150c4f5a7',
    DZH_FUER_ONBOARDING_HEIMI: 'a46738dc-0546-4b49-8e69-d7ec4fea7a04',
    MARKETING: '7e19c5a0-e5d9-4fff-b038-59ef828d00a7',
  },
  nordMueller: {
    BANKACCOUNT: '2c2f45c0-d909-4127-9bfa-198d0c9458f3',
    BANKACCOUNT_SWITCHING_SERVICE: 'e7e15321-4be7-4f23-9149-ccc1c9f96e72',
    BANKACCOUNT_MCC: 'd4b99bcf-b1a1-4fd3-a580-252bf7450f90',
    ODITS_KUNDENCENTER_PFLEGE: 'b357a432-47a2-4631-add9-78b992f9b02b',
    DZH_FUER_ONBOARDING_PFLEGE: '9ecb3254-d7ef-4cc4-8460-aab07e8bcdd0',
    MARKETING: '6db4495b-6953-413c-b4d3-31ba3e18312c',
  },
} as const satisfies Record<
  keyof typeof DEMO_RELATIONSHIPS,
  Partial<Record<DemoBusinessCaseTypeName, string>>
>;

export const DEMO_SUPPORT_CONTACTS = {
  sonnenscheinTechnik: '64e956ca-f880-4291-ae6f-900520bc8480',
  sonnenscheinAbrechnung: '3c1b3f36-d823-4847-818e-fc5a01d884ed',
  muellerPraxisteam: '159180b1-d92c-4fc3-8744-d76e4468361f',
  muellerAbrechnung: '0897b1d0-ffa5-4acc-a781-104231f1a9cc',
  nordKundenservice: '116ff551-75b0-4709-b045-f0690ac8975a',
  nordTechnik: 'e95da074-7a93-4b82-b4f1-71dab2f21f76',
} as const;

export const DEMO_ORDERS = {
  /** Praxis Sonnenschein's TI order, installation status SMCB_ORDERED. */
  sonnenscheinTi: 'b0f3c1d2-5a4e-4c7b-9e1f-2a3b4c5d6e01',
  /** Praxis Sonnenschein's bank-account order, status LEGITIMISED (the latest). */
  sonnenscheinBank: 'b0f3c1d2-5a4e-4c7b-9e1f-2a3b4c5d6e02',
  /** Zahnarztpraxis Dr. Müller's bank-account order, status SET_UP. */
  muellerBank: 'b0f3c1d2-5a4e-4c7b-9e1f-2a3b4c5d6e03',
  /** Zahnarztpraxis Dr. Müller's TI order, just ordered (HARDWARE_ORDERED, no flags set). */
  muellerTi: 'b0f3c1d2-5a4e-4c7b-9e1f-2a3b4c5d6e04',
  /**
   * An older bank-account order of Zahnarztpraxis Dr. Müller (a second account, INTERNAL_CHECK)
   * that Tom can advance to see the live status; the latest Müller bank order stays SET_UP.
   */
  muellerBankOlder: 'b0f3c1d2-5a4e-4c7b-9e1f-2a3b4c5d6e05',
} as const;
