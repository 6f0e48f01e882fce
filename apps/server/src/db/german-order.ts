import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * A column in German alphabetical order, for the ORDER BY of names people read in a list:
 * ICU's root collation (`und-x-icu`), which sorts as DIN 5007-1 (Ä with A, Ö with O, Ü with U,
 * ß as ss, case second, lower case first), as the app's `lib/german-order.ts` does. The
 * database's own collation is no help: PGlite's is C and a Debian cluster's often C.UTF-8, both
 * byte order, which put "Öztürk" and "de Vries" after "Zimmermann". PGlite and PostgreSQL
 * built with ICU (Debian's, the official images, the managed services) have this collation.
 */
export const inGermanOrder = (column: AnyColumn | SQL) => sql`${column} collate "und-x-icu"`;
