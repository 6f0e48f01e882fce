import { documentList, documentSchema, relationshipList } from '@portal/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { contractJson, contractProblem } from '../../../test/contract-response';
import { setupMswServer } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { ManageDocuments } from './manage-documents';

const NORD = '33333333-3333-4333-8333-333333333333';
const PRAXIS = '11111111-1111-4111-8111-111111111111';
const TI = '44444444-4444-4444-8444-444444444444';
const BANK = '55555555-5555-4555-8555-555555555555';

const relationships = [
  {
    id: '66666666-6666-4666-8666-666666666666',
    contractorId: PRAXIS,
    contractorName: 'Praxis Sonnenschein',
    referenceNumber: '100234',
    owner: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    businessCases: [
      {
        id: TI,
        businessCaseTypeName: 'TIORDER',
        businessCaseTypeLabel: 'TI-Bestellung',
        createdAt: '2026-01-01T00:00:00.000Z',
      },
      {
        id: BANK,
        businessCaseTypeName: 'BANKACCOUNT',
        businessCaseTypeLabel: 'Geschäftskonto',
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    ],
  },
];

const doc = {
  id: '77777777-7777-4777-8777-777777777777',
  documentType: 'invoice' as const,
  displayName: 'Rechnung Oktober 2026.txt',
  description: 'Monatsrechnung',
  createdAt: '2026-10-31',
  contentType: 'text/plain',
  size: 10,
  businessCase: { id: TI, label: 'TI-Bestellung' },
  unread: false,
  version: 1,
};

const server = setupMswServer();

const calls: string[] = [];

function answer(failing: string[]) {
  server.use(
    http.get(`*/api/institution/${NORD}/relationship`, () =>
      contractJson(relationshipList, relationships),
    ),
    http.get(
      `*/api/institution/${PRAXIS}/business_case/:caseId/document`,
      ({ params, request }) => {
        calls.push(`${params.caseId}?${new URL(request.url).searchParams}`);
        if (failing.includes(params.caseId as string)) return contractProblem(500, 'Fehler');
        return contractJson(documentList, params.caseId === TI ? [doc] : []);
      },
    ),
  );
}

/** jsdom has no document.fonts, which the autosizing description fields listen to. */
function stubDocumentFonts() {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener() {}, removeEventListener() {} },
    });
  }
}

async function chooseCustomer(queryClient = createQueryClient(), uploadMaxBytes?: number) {
  renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <ManageDocuments
        institutionId={NORD}
        documentType="invoice"
        uploadMaxBytes={uploadMaxBytes}
      />
    </QueryClientProvider>,
  );
  await userEvent.click(await screen.findByRole('combobox', { name: 'Kunde' }));
  await userEvent.click(await screen.findByRole('option', { name: /Praxis Sonnenschein/ }));
}

describe('ManageDocuments (spec section 4, business-case lists)', () => {
  it('loads every business case of the customer through the business-case endpoint', async () => {
    calls.length = 0;
    answer([]);
    await chooseCustomer();
    const ti = await screen.findByRole('region', { name: 'TI-Bestellung' });
    expect(await within(ti).findByText('Rechnung Oktober 2026.txt')).toBeInTheDocument();
    expect(within(ti).getByText('31.10.2026')).toBeInTheDocument();
    const bank = screen.getByRole('region', { name: 'Geschäftskonto' });
    expect(
      await within(bank).findByText(
        'Zu diesem Geschäftsfall gibt es noch keine Dokumente dieses Typs.',
      ),
    ).toBeInTheDocument();
    expect(calls.sort()).toEqual(
      [`${TI}?documentType=invoice`, `${BANK}?documentType=invoice`].sort(),
    );
  });

  it('keeps the chosen customer in the address, and opens with the customer it names', async () => {
    answer([]);
    const locations: string[] = [];
    function Location() {
      const location = useLocation();
      locations.push(location.search);
      return null;
    }
    const view = renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <ManageDocuments institutionId={NORD} documentType="invoice" />
        <Location />
      </QueryClientProvider>,
      { route: '/document?documentType=invoice' },
    );
    await userEvent.click(await screen.findByRole('combobox', { name: 'Kunde' }));
    await userEvent.click(await screen.findByRole('option', { name: /Praxis Sonnenschein/ }));
    await waitFor(() =>
      expect(locations.at(-1)).toBe(`?documentType=invoice&customerId=${PRAXIS}`),
    );
    view.unmount();

    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <ManageDocuments institutionId={NORD} documentType="invoice" />
      </QueryClientProvider>,
      { route: `/document?documentType=invoice&customerId=${PRAXIS}` },
    );
    expect(await screen.findByRole('region', { name: 'TI-Bestellung' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Kunde' })).toHaveValue(
      'Praxis Sonnenschein (Kd.-Nr. 100234)',
    );
  });

  it('an address naming no customer of this institution asks for one', async () => {
    answer([]);
    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <ManageDocuments institutionId={NORD} documentType="invoice" />
      </QueryClientProvider>,
      { route: `/document?documentType=invoice&customerId=${BANK}` },
    );
    expect(await screen.findByRole('combobox', { name: 'Kunde' })).toHaveValue('');
    expect(screen.queryByRole('region', { name: 'TI-Bestellung' })).toBeNull();
  });

  it('marks only the case whose load failed', async () => {
    answer([BANK]);
    await chooseCustomer();
    const bank = await screen.findByRole('region', { name: 'Geschäftskonto' });
    expect(await within(bank).findByRole('alert')).toHaveTextContent(
      'Die Dokumente dieses Geschäftsfalls konnten nicht geladen werden.',
    );
    const ti = screen.getByRole('region', { name: 'TI-Bestellung' });
    expect(await within(ti).findByText('Rechnung Oktober 2026.txt')).toBeInTheDocument();
    expect(within(ti).queryByRole('alert')).toBeNull();
  });

  it('shows the global error when every case failed', async () => {
    answer([TI, BANK]);
    await chooseCustomer();
    expect(
      await screen.findByText(/Die Dokumente des Kunden konnten nicht geladen werden/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'TI-Bestellung' })).toBeNull();
  });

  it('tells the upload limit of the server (public config) under the drop zone', async () => {
    answer([]);
    await chooseCustomer(createQueryClient(), 20 * 1024 * 1024);
    expect(await screen.findByText(/höchstens 20 MB je Datei/)).toBeInTheDocument();
  });

  it('announces loading to screen readers: the customers, then each business case', async () => {
    let releaseCustomers = () => {};
    let releaseCases = () => {};
    const customersHeld = new Promise<void>((resolve) => {
      releaseCustomers = resolve;
    });
    const casesHeld = new Promise<void>((resolve) => {
      releaseCases = resolve;
    });
    server.use(
      http.get(`*/api/institution/${NORD}/relationship`, async () => {
        await customersHeld;
        return contractJson(relationshipList, relationships);
      }),
      http.get(`*/api/institution/${PRAXIS}/business_case/:caseId/document`, async () => {
        await casesHeld;
        return contractJson(documentList, []);
      }),
    );
    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <ManageDocuments institutionId={NORD} documentType="invoice" />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Dokumente werden geladen …');
    releaseCustomers();
    await userEvent.click(await screen.findByRole('combobox', { name: 'Kunde' }));
    await userEvent.click(await screen.findByRole('option', { name: /Praxis Sonnenschein/ }));
    const ti = await screen.findByRole('region', { name: 'TI-Bestellung' });
    expect(within(ti).getByRole('status')).toHaveTextContent('Dokumente werden geladen …');
    releaseCases();
    await waitFor(() => expect(within(ti).queryByRole('status')).toBeNull());
  });

  it('says so when the institution has no customers', async () => {
    server.use(http.get(`*/api/institution/${NORD}/relationship`, () => HttpResponse.json([])));
    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <ManageDocuments institutionId={NORD} documentType="invoice" />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(/betreut noch keine Kunden/)).toBeInTheDocument();
  });

  it('shows 6 weeks from Monday in its date pickers, also for a month of 5 weeks (October 2026)', async () => {
    stubDocumentFonts();
    answer([]);
    await chooseCustomer();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Rechnung Oktober 2026.txt bearbeiten' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Dokument bearbeiten' });
    await userEvent.click(within(dialog).getByRole('textbox', { name: /^Datum/ }));
    const month = await within(dialog).findByRole('table');
    const weeks = within(month).getAllByRole('row').slice(1);
    expect(weeks).toHaveLength(6);
    const days = within(month).getAllByRole('button');
    expect(days).toHaveLength(42);
    expect(days[0]).toHaveAttribute('aria-label', '28. September 2026');
    expect(days[41]).toHaveAttribute('aria-label', '8. November 2026');
  });
});

describe('typing a date the German way (dd.MM.yyyy)', () => {
  /** Opens the edit dialog of 'Rechnung Oktober 2026.txt'; `bodies` collects what its saves send. */
  async function openEditDialog() {
    stubDocumentFonts();
    answer([]);
    const bodies: unknown[] = [];
    server.use(
      http.put(`*/api/institution/${PRAXIS}/document/${doc.id}`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return contractJson(documentSchema, { ...doc, ...body });
      }),
    );
    await chooseCustomer();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Rechnung Oktober 2026.txt bearbeiten' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Dokument bearbeiten' });
    return { dialog, bodies };
  }

  async function editWithTypedDate(typed: string) {
    const { dialog, bodies } = await openEditDialog();
    const date = within(dialog).getByRole('textbox', { name: /^Datum/ });
    await userEvent.clear(date);
    if (typed) await userEvent.type(date, typed);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    return bodies;
  }

  it.each([
    ['05.03.2026', '2026-03-05'],
    ['5.3.2026', '2026-03-05'],
    ['31.12.2026', '2026-12-31'],
  ])('typing %s in the edit dialog saves %s', async (typed, iso) => {
    const bodies = await editWithTypedDate(typed);
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ createdAt: iso });
  });

  it('an impossible date (31.02.2026) is not taken: nothing is saved, the field says why', async () => {
    const bodies = await editWithTypedDate('31.02.2026');
    const dialog = screen.getByRole('dialog', { name: 'Dokument bearbeiten' });
    const date = within(dialog).getByRole('textbox', { name: /^Datum/ });
    await waitFor(() =>
      expect(date).toHaveAccessibleDescription(
        '„31.02.2026“ ist kein gültiges Datum und wurde nicht übernommen (Format TT.MM.JJJJ).',
      ),
    );
    expect(date).toHaveValue('');
    expect(bodies).toHaveLength(0);
    // The next input clears the message; a real date saves.
    await userEvent.type(date, '28.02.2026');
    expect(date).not.toHaveAccessibleDescription(/kein gültiges Datum/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ createdAt: '2026-02-28' });
  });

  const dateField = () =>
    within(screen.getByRole('dialog', { name: 'Dokument bearbeiten' })).getByRole('textbox', {
      name: /^Datum/,
    });

  it.each([
    // dayjs showed the year 1 as 1901, while 0001-01-01 would have been saved.
    ['01.01.0001'],
    ['31.12.1899'],
    ['01.01.2100'],
    ['31.12.9999'],
  ])(
    '%s, outside 1900 to 2099: nothing is saved, the field says which days it takes',
    async (typed) => {
      const bodies = await editWithTypedDate(typed);
      await waitFor(() =>
        expect(dateField()).toHaveAccessibleDescription(
          `„${typed}“ liegt nicht im erlaubten Zeitraum (01.01.1900 bis 31.12.2099) und wurde nicht übernommen.`,
        ),
      );
      expect(dateField()).toHaveValue('');
      expect(bodies).toHaveLength(0);
    },
  );

  it('the first day of the range is taken', async () => {
    const bodies = await editWithTypedDate('01.01.1900');
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ createdAt: '1900-01-01' });
  });

  it('emptied by the keyboard the date is empty, not the old one again: nothing is saved', async () => {
    const bodies = await editWithTypedDate('');
    await waitFor(() => expect(dateField()).toHaveAccessibleDescription('Bitte ausfüllen.'));
    expect(dateField()).toHaveValue('');
    expect(bodies).toHaveLength(0);
  });

  it('a day picked in the calendar after emptying the field is the one saved', async () => {
    const { dialog, bodies } = await openEditDialog();
    await userEvent.clear(dateField());
    await userEvent.click(await within(dialog).findByRole('button', { name: '14. Oktober 2026' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ createdAt: '2026-10-14' });
  });
});

describe('after a change, the management section stays as it is', () => {
  const PREFILLED = 'Befund für später.pdf';

  /** A chosen customer with one file waiting in the upload form. */
  async function withDraft(queryClient: ReturnType<typeof createQueryClient>) {
    stubDocumentFonts();
    answer([]);
    let relationshipCalls = 0;
    server.use(
      http.get(`*/api/institution/${NORD}/relationship`, () => {
        relationshipCalls += 1;
        return relationshipCalls === 1
          ? contractJson(relationshipList, relationships)
          : contractProblem(500, 'Fehler');
      }),
    );
    await chooseCustomer(queryClient);
    await screen.findByText('Rechnung Oktober 2026.txt');
    await userEvent.upload(
      screen.getByLabelText('Dateien zum Hochladen auswählen'),
      new File(['%PDF-1.4'], PREFILLED, { type: 'application/pdf' }),
    );
    expect(await screen.findByRole('article', { name: PREFILLED })).toBeInTheDocument();
    return { relationshipCalls: () => relationshipCalls };
  }

  it('an edit refreshes the lists and counts of the customer only, not the customers', async () => {
    const queryClient = createQueryClient();
    const seeded = [
      ['documents', 'list', PRAXIS, 'invoice'],
      ['documents', 'metadata', PRAXIS],
      ['documents', 'list', NORD, 'invoice'],
      ['documents', 'metadata', NORD],
    ] as const;
    for (const key of seeded) queryClient.setQueryData(key, []);
    const { relationshipCalls } = await withDraft(queryClient);
    server.use(
      http.put(`*/api/institution/${PRAXIS}/document/${doc.id}`, () =>
        contractJson(documentSchema, { ...doc, displayName: 'Neu' }),
      ),
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Rechnung Oktober 2026.txt bearbeiten' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Dokument bearbeiten' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(queryClient.getQueryState(seeded[0])?.isInvalidated).toBe(true));
    expect(queryClient.getQueryState(seeded[1])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(seeded[2])?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(seeded[3])?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(['documents', 'relationships', NORD])?.isInvalidated).toBe(
      false,
    );
    expect(relationshipCalls()).toBe(1);
    expect(screen.getByRole('article', { name: PREFILLED })).toBeInTheDocument();
  });

  it('a failed refresh of the customers keeps the section, the chosen customer and the drafts', async () => {
    const queryClient = createQueryClient();
    const { relationshipCalls } = await withDraft(queryClient);
    await act(() => queryClient.refetchQueries({ queryKey: ['documents', 'relationships', NORD] }));
    expect(relationshipCalls()).toBe(2);
    expect(queryClient.getQueryState(['documents', 'relationships', NORD])?.status).toBe('error');
    // TanStack Query tells the component on a timer: let that render happen.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByText(/Die Kunden konnten nicht geladen werden/)).toBeNull();
    expect(screen.getByRole('article', { name: PREFILLED })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'TI-Bestellung' })).toBeInTheDocument();
  });

  it('a failed first load of the customers still says so', async () => {
    server.use(
      http.get(`*/api/institution/${NORD}/relationship`, () => contractProblem(500, 'Fehler')),
    );
    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <ManageDocuments institutionId={NORD} documentType="invoice" />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /Die Kunden konnten nicht geladen werden/,
    );
  });
});
