-- One spelling for the ways a German name is typed, as the app's lists search
-- (packages/contract search-spelling.ts, the same rule): lower case, ß as ss, ä/ö/ü as a/o/u, and
-- ae/oe/ue as a/o/u, so 'Müller', 'Mueller' and 'Muller' all read 'muller'. Upper-case umlauts
-- are folded too, whatever the database's ctype makes of lower(). Immutable: the customer
-- search's indexes (0022) are built on it. Plain replace() rather than a regular expression: the
-- same result for these pairs, and cheaper for every row a search rechecks.
CREATE OR REPLACE FUNCTION portal_fold(t text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT replace(replace(replace(
      translate(replace(replace(lower(t), 'ß', 'ss'), 'ẞ', 'ss'), 'äöüÄÖÜ', 'aouaou'),
      'ae', 'a'), 'oe', 'o'), 'ue', 'u')
  $$;
