import { DOCUMENT_TYPES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  documentDescription,
  documentIconPath,
  documentTiles,
  ORDER_ICON_PATH,
  orderAmountText,
  orderTile,
} from './built-in-tiles';

describe('order tile', () => {
  it.each([
    [0, 'keine Aufträge'],
    [1, '1 Auftrag'],
    [2, '2 Aufträge'],
    [17, '17 Aufträge'],
  ])('%i orders → %s', (amount, text) => {
    expect(orderAmountText(amount)).toBe(text);
    expect(orderTile(amount)?.description).toBe(text);
  });

  it.each([[null], [undefined]])('no tile when the amount is %s', (amount) => {
    expect(orderTile(amount)).toBeNull();
  });

  it('is named Aufträge, priority 3, internal, primary, targets /orders', () => {
    expect(orderTile(3)).toMatchObject({
      name: 'Aufträge',
      priority: 3,
      isInternal: true,
      tileType: 'PRIMARY',
      target: '/orders',
      // Drawn like the other built-in tiles, not the letter fallback.
      icon: null,
      iconPath: ORDER_ICON_PATH,
    });
  });
});

describe('document tiles', () => {
  it.each([
    [0, false, 'no documents'],
    [0, true, 'Dokumente verwalten'],
    [1, false, '1 Dokument'],
    [1, true, '1 Dokument'],
    [5, false, '5 Dokumente'],
    [5, true, '5 Dokumente'],
  ])('%i documents, trusted %s → %s', (count, trusted, text) => {
    expect(documentDescription(count, trusted)).toBe(text);
  });

  it('one functional tile per document type, priority 3, unread badge, /document?documentType=', () => {
    const tiles = documentTiles(
      [
        { documentType: 'invoice', countAll: 3, countUnread: 2 },
        { documentType: 'delivery_note', countAll: 0, countUnread: 0 },
      ],
      false,
      (type) => ({ invoice: 'Rechnungen', delivery_note: 'Lieferscheine' })[type] ?? type,
    );
    expect(tiles).toHaveLength(2);
    expect(tiles[0]).toMatchObject({
      name: 'Rechnungen',
      tileType: 'FUNCTIONAL',
      priority: 3,
      isInternal: true,
      notificationCount: 2,
      description: '3 Dokumente',
      target: '/document?documentType=invoice',
    });
    expect(tiles[1]).toMatchObject({
      name: 'Lieferscheine',
      notificationCount: 0,
      description: 'no documents',
      target: '/document?documentType=delivery_note',
    });
  });
});

describe('document type icons (spec section 3: each type with an icon)', () => {
  it('every type has its own outline icon, drawn inline (no image request)', () => {
    const paths = DOCUMENT_TYPES.map(documentIconPath);
    for (const path of paths) expect(path).toMatch(/^M[\d.]/);
    expect(new Set(paths).size).toBe(DOCUMENT_TYPES.length);
    const [tile] = documentTiles(
      [{ documentType: 'invoice', countAll: 1, countUnread: 0 }],
      false,
      () => 'Rechnungen',
    );
    expect(tile).toMatchObject({ icon: null, iconPath: documentIconPath('invoice') });
  });

  it.each([['unknown'], ['constructor'], ['']])(
    'a type without an icon (%j) keeps the letter',
    (type) => {
      expect(documentIconPath(type)).toBeNull();
    },
  );
});
