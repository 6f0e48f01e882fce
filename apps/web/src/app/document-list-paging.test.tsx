import { documentList, type PortalDocument } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { contractJson } from '../test/contract-response';
import { PRAXIS_ID, renderApp, setupAppTest } from '../test/render-app';

const server = setupAppTest();

const WAIT = { timeout: 10_000 };
const documents = (type: PortalDocument['documentType'], count: number): PortalDocument[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `d0000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    documentType: type,
    displayName: `${type} ${i + 1}`,
    description: null,
    createdAt: '2026-01-01',
    contentType: 'application/pdf',
    size: 1000,
    businessCase: { id: 'b0000000-0000-4000-8000-000000000001', label: 'TI-Bestellung' },
    unread: false,
    version: 1,
  }));

// A hospital group's 3 000 documents are some 430 of each type: the list drew them all.
describe('the document list of a type with hundreds of documents', () => {
  it('shows 50 at a time, pages on, and opens another type on its first page', async () => {
    const user = userEvent.setup();
    renderApp(`/document?documentType=invoice&institutionId=${PRAXIS_ID}`, {
      server,
      handlers: [
        http.get('*/api/institution/:id/document', ({ request }) => {
          const type = new URL(request.url).searchParams.get('documentType');
          return contractJson(
            documentList,
            type === 'invoice' ? documents('invoice', 430) : documents('forms', 60),
          );
        }),
      ],
    });
    expect(await screen.findByText('invoice 1', {}, WAIT)).toBeVisible();
    expect(screen.getAllByTestId('document-row')).toHaveLength(50);
    expect(screen.getByTestId('documents-page-summary')).toHaveTextContent(
      'Dokumente 1–50 von 430',
    );
    const pages = screen.getByRole('navigation', { name: 'Seiten der Dokumentliste' });
    await user.click(within(pages).getByRole('button', { name: 'Letzte Seite' }));
    expect(screen.getAllByTestId('document-row')).toHaveLength(30);
    expect(screen.getByText('invoice 430')).toBeVisible();

    await user.click(screen.getByRole('link', { name: /Formulare/ }));
    expect(await screen.findByText('forms 1', {}, WAIT)).toBeVisible();
    expect(screen.getAllByTestId('document-row')).toHaveLength(50);
    expect(screen.getByTestId('documents-page-summary')).toHaveTextContent('Dokumente 1–50 von 60');
  }, 30_000);
});
