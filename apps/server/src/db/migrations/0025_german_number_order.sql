-- German alphabetical order for the names people read in lists, with numbers by their value:
-- ICU's root collation (DIN 5007-1 as "und-x-icu": Ä with A, Ö with O, ß as ss, case second,
-- lower case first) plus ICU's numeric ordering, so 'Praxis Bauer 12' comes before
-- 'Praxis Bauer 112' and 'MVZ 2' before 'MVZ 10', as the app's lists order them
-- (apps/web/src/lib/german-order.ts). The locale is written in ICU's own keyword form: the
-- BCP 47 form ('und-u-kn') is taken by PGlite's ICU but orders by text there. Deterministic,
-- so equal names still tie-break on the id the queries add. db/german-order.ts names it.
CREATE COLLATION IF NOT EXISTS "portal_german" (provider = icu, locale = 'und@colNumeric=yes');
