import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * A column in German alphabetical order, for the ORDER BY of names people read in a list: the
 * collation `portal_german` (migration 0025), ICU's root collation (`und-x-icu`, DIN 5007-1: Ä
 * with A, Ö with O, Ü with U, ß as ss, case second, lower case first) with numbers in names by
 * their value ('Praxis Bauer 12' before 'Praxis Bauer 112'), as the app's `lib/german-order.ts`
 * orders the same names. The database's own collation is no help: PGlite's is C and a Debian
 * cluster's often C.UTF-8, both byte order, which put "Öztürk" and "de Vries" after
 * "Zimmermann". PGlite and PostgreSQL built with ICU (Debian's, the official images, the
 * managed services) have what it needs.
 */
export const inGermanOrder = (column: AnyColumn | SQL) => sql`${column} collate "portal_german"`;
