import { QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../lib/oidc';
import { createRoutes } from '../router';
import { buildBreadcrumbs, pageTitle } from './breadcrumbs';

const routes = createRoutes({ session: {} as Session, queryClient: new QueryClient() });

function crumbsFor(url: string) {
  const parsed = new URL(url, 'http://localhost');
  const matches = matchRoutes(routes, parsed.pathname) ?? [];
  return buildBreadcrumbs(
    matches.map((match) => ({
      pathname: match.pathname,
      params: match.params,
      handle: match.route.handle,
    })),
    parsed.searchParams,
  );
}

const D = { label: 'Dashboard', url: '/' };

describe('breadcrumbs of the route table', () => {
  it.each([
    ['/', [D]],
    ['/dashboard', [D]],
    ['/account', [D, { label: 'Konto', url: '/account' }]],
    ['/identification', [D, { label: 'Identifikation', url: '/identification' }]],
    ['/institution', [D, { label: 'Institution', url: '/institution' }]],
    ['/orders', [D, { label: 'Aufträge', url: '/orders' }]],
    [
      '/orders/ti/status/42',
      [
        D,
        { label: 'Aufträge', url: '/orders' },
        { label: 'Bestellstatus', url: '/orders/ti/status/42' },
      ],
    ],
    [
      '/orders/bank/status/7',
      [
        D,
        { label: 'Aufträge', url: '/orders' },
        { label: 'Bestellstatus', url: '/orders/bank/status/7' },
      ],
    ],
    [
      '/document?documentType=invoice&institutionId=x',
      [D, { label: 'Rechnungen', url: '/document?documentType=invoice' }],
    ],
    [
      '/document?documentType=delivery_note',
      [D, { label: 'Lieferscheine', url: '/document?documentType=delivery_note' }],
    ],
    ['/document', [D, { label: 'Dokumente', url: '/document' }]],
    ['/contracts', [D, { label: 'Verträge', url: '/contracts' }]],
    ['/customer-overview', [D, { label: 'Kundencenter', url: '/customer-overview' }]],
    [
      '/credit-offer-widget',
      [D, { label: 'Mein Finanzierungswunsch', url: '/credit-offer-widget' }],
    ],
    ['/bankaccount-offer', [D, { label: 'Banking', url: '/bankaccount-offer' }]],
    ['/marketing-group/herbst', [D, { label: 'Marketing-Gruppe', url: '/marketing-group/herbst' }]],
    ['/dashboard-tile-editor', [D, { label: 'Kacheleditor', url: '/dashboard-tile-editor' }]],
    ['/impressum', [D, { label: 'Impressum', url: '/impressum' }]],
    ['/nutzungsbedingungen', [D, { label: 'Nutzungsbedingungen', url: '/nutzungsbedingungen' }]],
    ['/datenschutz', [D, { label: 'Datenschutz', url: '/datenschutz' }]],
    ['/faq', [D, { label: 'FAQ', url: '/faq' }]],
    ['/list-helper', [D, { label: 'Abmeldeinformationen', url: '/list-helper' }]],
  ])('%s', (url, expected) => {
    expect(crumbsFor(url)).toEqual(expected);
  });

  it('requires the role client on every child route and marks only static pages public', () => {
    const childMatches = (url: string) => (matchRoutes(routes, url) ?? []).slice(1);
    for (const url of ['/account', '/orders/ti/status/1', '/impressum', '/faq']) {
      const leaf = childMatches(url).at(-1)!;
      expect(leaf.route.handle?.roles).toEqual(['client']);
    }
    expect(childMatches('/impressum').at(-1)!.route.handle?.public).toBe(true);
    expect(childMatches('/account').at(-1)!.route.handle?.public).toBeUndefined();
  });
});

describe('buildBreadcrumbs', () => {
  it.each([
    ['no matches', [], []],
    [
      'routes without breadcrumb are skipped',
      [{ pathname: '/', params: {}, handle: undefined }],
      [],
    ],
    [
      'a function label sees params',
      [
        {
          pathname: '/x/5',
          params: { id: '5' },
          handle: {
            breadcrumb: { label: ({ params }: { params: { id?: string } }) => `Nr. ${params.id}` },
          },
        },
      ],
      [{ label: 'Nr. 5', url: '/x/5' }],
    ],
    [
      'same URL collapses into the innermost label',
      [
        { pathname: '/a', params: {}, handle: { breadcrumb: { label: 'Außen' } } },
        { pathname: '/a/', params: {}, handle: { breadcrumb: { label: 'Innen' } } },
      ],
      [{ label: 'Innen', url: '/a' }],
    ],
  ])('%s', (_case, matches, expected) => {
    expect(buildBreadcrumbs(matches as never)).toEqual(expected);
  });
});

describe('pageTitle', () => {
  it("is the page's own label and the portal's name", () => {
    expect(pageTitle(crumbsFor('/dashboard'), 'Institutionsportal')).toBe(
      'Dashboard – Institutionsportal',
    );
    expect(pageTitle(crumbsFor('/orders/ti/status/1'), 'Institutionsportal')).toBe(
      'Bestellstatus – Institutionsportal',
    );
    expect(pageTitle([], 'Institutionsportal')).toBe('Institutionsportal');
  });
});
