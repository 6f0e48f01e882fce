import { describe, expect, it } from 'vitest';
import { orders } from './orders';

describe('counts in the orders texts, in German singular and plural', () => {
  it.each([
    [1, '1 Monat'],
    [2, '2 Monate'],
    [48, '48 Monate'],
  ])('a financing term of %i: %s', (months, text) => {
    expect(orders.credit.months(months)).toBe(text);
  });
});
