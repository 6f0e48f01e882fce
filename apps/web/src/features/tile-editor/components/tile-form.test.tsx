import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { emptyFields, formatQueryParams, parseQueryParams, TileForm } from './tile-form';

describe('formatQueryParams / parseQueryParams', () => {
  it.each([
    [null, ''],
    [{ quelle: 'portal' }, 'quelle=portal'],
    [{ quelle: 'portal', kampagne: 'herbst' }, 'quelle=portal&kampagne=herbst'],
    [{ text: 'a b&c' }, 'text=a+b%26c'],
  ] as const)('%o ⇄ %s', (params, text) => {
    expect(formatQueryParams(params)).toBe(text);
    expect(parseQueryParams(text)).toEqual(params);
  });

  it.each([
    ['  ', null],
    ['?quelle=portal', { quelle: 'portal' }],
    ['=ohne-namen&x=1', { x: '1' }],
    ['nur', { nur: '' }],
  ] as const)('parses %s as %o', (text, params) => {
    expect(parseQueryParams(text)).toEqual(params);
  });
});

type Fields = ReturnType<typeof emptyFields>;
type Groups = ComponentProps<typeof TileForm>['groups'];

/**
 * The form of the existing tile 'Seminare' (target https://partner.example/, no group), with
 * `initial` over those fields: the user, the onSubmit spy, and `apply` (presses Übernehmen).
 */
function renderForm(initial: Partial<Fields> = {}, groups: Groups = []) {
  const user = userEvent.setup();
  const onSubmit = vi.fn();
  renderWithProviders(
    <TileForm
      initial={{
        ...emptyFields(),
        name: 'Seminare',
        target: 'https://partner.example/',
        ...initial,
      }}
      groups={groups}
      isNew={false}
      onSubmit={onSubmit}
      onCancel={() => {}}
    />,
  );
  const apply = () => user.click(screen.getByRole('button', { name: 'Übernehmen' }));
  return { user, onSubmit, apply };
}

describe('TileForm', () => {
  const setup = (queryParams: Record<string, string> | null) => ({
    ...renderForm({ queryParams }),
    field: screen.getByRole('textbox', { name: 'Query-Parameter' }),
  });

  it("shows the tile's query parameters with a hint and returns them edited", async () => {
    const { user, onSubmit, apply, field } = setup({ quelle: 'portal', kampagne: 'herbst' });
    expect(field).toHaveValue('quelle=portal&kampagne=herbst');
    expect(field).toHaveAccessibleDescription('z. B. quelle=portal&kampagne=herbst');

    await user.clear(field);
    await user.type(field, 'quelle=app&seite=2');
    await apply();
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Seminare', queryParams: { quelle: 'app', seite: '2' } }),
      null,
    );
  });

  it('an emptied field removes the query parameters', async () => {
    const { user, onSubmit, apply, field } = setup({ quelle: 'portal' });
    await user.clear(field);
    await apply();
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ queryParams: null }), null);
  });

  it('keeps spaces and line breaks as they are typed, trimmed only when applied', async () => {
    const { user, onSubmit, apply } = renderForm();
    const title = screen.getByRole('textbox', { name: 'Titel' });
    await user.type(title, 'Neu im Portal ');
    expect(title).toHaveValue('Neu im Portal ');
    await user.type(screen.getByRole('textbox', { name: 'Kurzbeschreibung' }), 'Zwei Worte');
    const description = screen.getByRole('textbox', { name: 'Beschreibung' });
    await user.type(description, 'Erste Zeile{Enter}zweite Zeile');
    expect(description).toHaveValue('Erste Zeile\nzweite Zeile');
    await user.type(screen.getByRole('textbox', { name: 'onePath (Portalseite)' }), '  ');
    await apply();
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Neu im Portal',
        shortDescription: 'Zwei Worte',
        description: 'Erste Zeile\nzweite Zeile',
        onePath: null,
      }),
      null,
    );
  });

  describe('labels of spec section 2 and the group placeholder', () => {
    const groups = [
      { id: '44444444-4444-4444-8444-444444444444', name: 'Fortbildung', description: null },
      { id: '55555555-5555-4555-8555-555555555555', name: 'Banking', description: null },
    ].map((group) => ({ ...group, shortDescription: null, icon: null }));

    const render = (initial: Partial<Fields> = {}) => renderForm(initial, groups);
    /** Opens a select and gives the texts of its options. */
    const optionsOf = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
      await user.click(screen.getByRole('combobox', { name: new RegExp(`^${name}`) }));
      const list = await screen.findByRole('listbox');
      return within(list)
        .getAllByRole('option')
        .map((option) => option.textContent);
    };
    const submitted = (onSubmit: ReturnType<typeof vi.fn>) => onSubmit.mock.calls.at(-1)?.[0];

    it("priorities '1 sehr hoch' … '5 sehr gering', 3 by default, the chosen one sent as its number", async () => {
      const { user, onSubmit, apply } = render();
      expect(screen.getByRole('combobox', { name: /^Priorität/ })).toHaveValue('3 medium');
      expect(await optionsOf(user, 'Priorität')).toEqual([
        '1 sehr hoch',
        '2 hoch',
        '3 medium',
        '4 gering',
        '5 sehr gering',
      ]);
      await user.click(screen.getByRole('option', { name: '5 sehr gering' }));
      await apply();
      expect(submitted(onSubmit)).toMatchObject({ priority: 5 });
    });

    it("tile types 'Partnerkachel', 'Funktionskachel', 'Marketingkachel', sent as PRIMARY, FUNCTIONAL, MARKETING", async () => {
      const { user, onSubmit, apply } = render();
      expect(screen.getByRole('combobox', { name: /^Kachelart/ })).toHaveValue('Partnerkachel');
      expect(await optionsOf(user, 'Kachelart')).toEqual([
        'Partnerkachel',
        'Funktionskachel',
        'Marketingkachel',
      ]);
      for (const [label, type] of [
        ['Funktionskachel', 'FUNCTIONAL'],
        ['Marketingkachel', 'MARKETING'],
        ['Partnerkachel', 'PRIMARY'],
      ] as const) {
        if (!screen.queryByRole('listbox')) {
          await user.click(screen.getByRole('combobox', { name: /^Kachelart/ }));
        }
        await user.click(await screen.findByRole('option', { name: label }));
        await apply();
        expect(submitted(onSubmit)).toMatchObject({ tileType: type });
      }
    });

    it("'Keine Gruppe' first and for a tile without group; choosing it sends tileGroup null", async () => {
      const { user, onSubmit, apply } = render({ tileGroup: groups[0] });
      const field = screen.getByRole('combobox', { name: /^Kachelgruppe/ });
      expect(field).toHaveValue('Fortbildung');
      expect(await optionsOf(user, 'Kachelgruppe')).toEqual([
        'Keine Gruppe',
        'Fortbildung',
        'Banking',
      ]);
      await user.click(screen.getByRole('option', { name: 'Keine Gruppe' }));
      expect(field).toHaveValue('Keine Gruppe');
      await apply();
      expect(submitted(onSubmit)).toMatchObject({ tileGroup: null });
      // A group chosen is sent as that group.
      await user.click(field);
      await user.click(await screen.findByRole('option', { name: 'Banking' }));
      await apply();
      expect(submitted(onSubmit)).toMatchObject({ tileGroup: groups[1] });
    });

    it("a tile without group shows 'Keine Gruppe' and keeps tileGroup null", async () => {
      const { onSubmit, apply } = render();
      expect(screen.getByRole('combobox', { name: /^Kachelgruppe/ })).toHaveValue('Keine Gruppe');
      await apply();
      expect(submitted(onSubmit)).toMatchObject({ tileGroup: null });
    });
  });

  describe("the server's rules, checked before saving, with the server's words", () => {
    /** An internal tile 'TI-Anbindung' to /connect, with `initial` over it. */
    const render = (initial: Partial<Fields> = {}) =>
      renderForm({ name: 'TI-Anbindung', target: '/connect', isInternal: true, ...initial });

    it('an internal target must be a page of the portal, not only start with a slash', async () => {
      const { user, onSubmit, apply } = render();
      const target = screen.getByRole('textbox', { name: /^Ziel/ });
      await user.clear(target);
      await user.type(target, '/bestellungen');
      await apply();
      expect(onSubmit).not.toHaveBeenCalled();
      expect(target).toHaveAccessibleDescription(
        'Das Ziel einer internen Kachel muss ein Pfad des Portals sein (z. B. /orders).',
      );
      // The focus goes to the first field to fix once the errors have rendered (a frame later).
      await waitFor(() => expect(target).toHaveFocus());
      // A page of the portal with a query string is one.
      await user.clear(target);
      await user.type(target, '/document?documentType=invoice');
      await apply();
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({ target: '/document?documentType=invoice' }),
        null,
      );
    });

    it('an external target must be an https address with a host', async () => {
      const { onSubmit, apply } = render({ target: 'https://', isInternal: false });
      await apply();
      expect(onSubmit).not.toHaveBeenCalled();
      expect(screen.getByRole('textbox', { name: /^Ziel/ })).toHaveAccessibleDescription(
        'Das Ziel einer externen Kachel muss eine absolute https-Adresse sein.',
      );
    });

    it("a target that fits the other setting of 'Interner Link' says so", async () => {
      const { user, onSubmit, apply } = render({ isInternal: false });
      const target = screen.getByRole('textbox', { name: /^Ziel/ });
      await apply();
      expect(onSubmit).not.toHaveBeenCalled();
      expect(target).toHaveAccessibleDescription(
        'Das Ziel einer externen Kachel muss eine absolute https-Adresse sein. Für eine Seite des Portals „Interner Link“ ankreuzen.',
      );
      await user.click(screen.getByRole('checkbox', { name: 'Interner Link' }));
      await user.clear(target);
      await user.type(target, 'https://partner.example/');
      await apply();
      expect(onSubmit).not.toHaveBeenCalled();
      expect(target).toHaveAccessibleDescription(
        'Das Ziel einer internen Kachel muss ein Pfad des Portals sein (z. B. /orders). Für eine Adresse außerhalb des Portals „Interner Link“ abwählen.',
      );
      await user.click(screen.getByRole('checkbox', { name: 'Interner Link' }));
      await apply();
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({ target: 'https://partner.example/', isInternal: false }),
        null,
      );
    });

    it('onePath: letters, digits, hyphens, underscores and slashes only', async () => {
      const { user, onSubmit, apply } = render();
      const onePath = screen.getByRole('textbox', { name: 'onePath (Portalseite)' });
      await user.type(onePath, 'egeko.smo');
      await apply();
      expect(onSubmit).not.toHaveBeenCalled();
      expect(onePath).toHaveAccessibleDescription(
        'Der Pfad (onePath) darf nur Buchstaben, Ziffern, Bindestriche, Unterstriche und Schrägstriche enthalten.',
      );
      await user.clear(onePath);
      await user.type(onePath, 'egeko-smo');
      await apply();
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({ onePath: 'egeko-smo' }),
        null,
      );
    });

    it('query parameters: at most 10, names up to 50 and values up to 200 characters', async () => {
      const { user, onSubmit, apply } = render();
      const field = screen.getByRole('textbox', { name: 'Query-Parameter' });
      await user.click(field);
      await user.paste(Array.from({ length: 11 }, (_, i) => `p${i}=${i}`).join('&'));
      await apply();
      expect(onSubmit).not.toHaveBeenCalled();
      expect(field).toHaveAccessibleDescription(
        'Höchstens 10 Abfrageparameter, Namen bis 50 und Werte bis 200 Zeichen. z. B. quelle=portal&kampagne=herbst',
      );
      await user.clear(field);
      await user.paste(`quelle=${'x'.repeat(201)}`);
      await apply();
      expect(onSubmit).not.toHaveBeenCalled();
      await user.clear(field);
      await user.paste(`quelle=${'x'.repeat(200)}`);
      await apply();
      expect(onSubmit).toHaveBeenCalledTimes(1);
    });
  });
});

describe('TileForm: an icon that does not load', () => {
  const HINT =
    'Dieses Icon lässt sich nicht anzeigen. Auf dem Dashboard steht an seiner Stelle der erste Buchstabe des Kachelnamens. Wählen Sie bei Bedarf eine andere Datei.';
  const iconField = () => screen.getByLabelText(/^Icon \(PNG, SVG oder WebP/);

  it('says so at the icon field (its description), and saving stays possible', async () => {
    const { apply, onSubmit } = renderForm({ icon: '/api/tile-icon/gibt-es-nicht' });
    const preview = screen.getByTestId('icon-preview');
    expect(iconField()).not.toHaveAccessibleDescription(HINT);
    expect(screen.queryByText(HINT)).not.toBeInTheDocument();

    fireEvent.error(preview);

    expect(iconField()).toHaveAccessibleDescription(HINT);
    expect(screen.getByText(HINT)).toBeVisible();
    // No broken image beside it.
    expect(screen.queryByTestId('icon-preview')).not.toBeInTheDocument();
    await apply();
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Seminare', icon: '/api/tile-icon/gibt-es-nicht' }),
      null,
    );
  });

  it('says nothing while the icon loads', () => {
    renderForm({ icon: '/api/tile-icon/abc' });
    fireEvent.load(screen.getByTestId('icon-preview'));
    expect(screen.getByTestId('icon-preview')).toBeInTheDocument();
    expect(screen.queryByText(HINT)).not.toBeInTheDocument();
    expect(iconField()).not.toHaveAccessibleDescription(HINT);
  });
});
