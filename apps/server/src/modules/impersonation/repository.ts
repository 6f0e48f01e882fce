import {
  type ContractorSearchResult,
  type CustomerUser,
  type SupportAccess,
  spellingFree,
} from '@portal/contract';
import { and, arrayContains, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inGermanOrder } from '../../db/german-order';
import {
  impersonationAudit,
  institutions,
  institutionUserRoles,
  relationships,
  users,
} from '../../db/schema';
import type { InstitutionScope } from '../../plugins/access';
import { isCustomerOf } from '../../plugins/access';
import { notFound } from '../../plugins/errors';

/** Lower-cased, trimmed search text with LIKE wildcards escaped. */
export function likeTerm(search: string): string {
  return search
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * At most this many matches are collected through the indexes before sorting by name: a search
 * with more matches (three letters typed) answers the alphabetically first of these, which the
 * next letters narrow anyway. Keeps every search within a few milliseconds at 100 000 customers.
 */
export const SEARCH_CANDIDATE_CAP = 500;

/** At most this many words of a search are looked at (the rest are ignored). */
const SEARCH_WORDS_MAX = 5;

/** One word of a search, escaped for LIKE: as typed (lower case), and in one spelling. */
export interface SearchWord {
  /** For the Kd.-Nr., postal code and e-mail address: 'AE-12' stays 'ae-12'. */
  plain: string;
  /** For names and cities, against `portal_fold(...)`: 'Mueller' is 'muller', as 'Müller'. */
  folded: string;
}

/**
 * The words of a search, each as {@link likeTerm}: 'Becker Köln' is two words, each of which must
 * match (a person narrows 30 practices named Becker by their city or Kd.-Nr.).
 */
export function searchWordTerms(search: string): SearchWord[] {
  return search
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '')
    .slice(0, SEARCH_WORDS_MAX)
    .map((word) => ({ plain: likeTerm(word), folded: likeTerm(spellingFree(word)) }));
}

/**
 * One word of a search against one customer row: name anywhere; Kd.-Nr., postal code, city by
 * prefix. Name and city in one spelling (ä, ae or a; ß or ss), as the indexes hold them.
 */
function wordMatches({ plain, folded }: SearchWord) {
  return sql`(portal_fold(${institutions.name}) like ${`%${folded}%`}
    or lower(${relationships.referenceNumber}) like ${`${plain}%`}
    or ${institutions.postalcode} like ${`${plain}%`}
    or portal_fold(${institutions.city}) like ${`${folded}%`})`;
}

/**
 * Ids of the contractor's customers matching one word: name anywhere (trigram index), Kd.-Nr.,
 * postal code or city by prefix (btree `text_pattern_ops` indexes). Each branch stops after
 * {@link SEARCH_CANDIDATE_CAP} rows, so a broad word never sorts the whole table.
 */
function matchingCustomerIds(contractorId: string, { plain, folded }: SearchWord) {
  const cap = SEARCH_CANDIDATE_CAP;
  const branch = (condition: ReturnType<typeof sql>) => sql`(
    select r.customer_id as id from relationships r
    join institutions i on i.id = r.customer_id
    where r.contractor_id = ${contractorId} and ${condition}
    limit ${cap})`;
  return sql`(
    (select r.customer_id as id from relationships r
     where r.contractor_id = ${contractorId} and lower(r.reference_number) like ${`${plain}%`}
     limit ${cap})
    union all ${branch(sql`portal_fold(i.name) like ${`%${folded}%`}`)}
    union all ${branch(sql`i.postalcode like ${`${plain}%`}`)}
    union all ${branch(sql`portal_fold(i.city) like ${`${folded}%`}`)}
    limit ${cap})`;
}

/**
 * Candidates for a search of several words: those of each word of three or more characters
 * (shorter ones would not use the indexes), else of each (short) word. Every word must match
 * afterwards, so a broad word ('praxis', over the cap) beside a narrow one ('köln') still finds
 * every customer matching both: the narrow word's candidates are all there. Not the whole
 * search as one term: 'Dr M' appears nowhere in 'Zahnarztpraxis Dr. Müller', which found nothing.
 */
function candidateIds(contractorId: string, words: SearchWord[]) {
  const indexed = words.filter((word) => word.plain.length >= 3);
  const terms = indexed.length > 0 ? indexed : words;
  return sql.join(
    terms.map((t) => sql`select id from ${matchingCustomerIds(contractorId, t)} as matches`),
    sql` union `,
  );
}

/**
 * The scope institution's customers (it is the contractor of the relationship) matching the
 * search, every word of it by name (anywhere), Kd.-Nr., postal code or city (prefix), sorted by
 * name in German order (Ä with A, case second). Other institutions' customers are never returned.
 */
export async function searchCustomers(
  db: Db,
  scope: InstitutionScope,
  search: string,
  limit: number,
): Promise<ContractorSearchResult[]> {
  const words = searchWordTerms(search);
  const rows = await db
    .select({
      id: institutions.id,
      name: institutions.name,
      referenceNumber: relationships.referenceNumber,
      postalcode: institutions.postalcode,
      city: institutions.city,
      street: institutions.street,
    })
    .from(relationships)
    .innerJoin(institutions, eq(institutions.id, relationships.customerId))
    .where(
      and(
        eq(relationships.contractorId, scope.institutionId),
        ...(words.length > 0
          ? [
              sql`${relationships.customerId} in (${candidateIds(scope.institutionId, words)})`,
              ...words.map(wordMatches),
            ]
          : []),
      ),
    )
    .orderBy(inGermanOrder(institutions.name), asc(institutions.id))
    .limit(limit);
  return rows;
}

const CUSTOMER_NOT_FOUND = 'Dieser Kunde wurde nicht gefunden.';

/**
 * Users of one customer of the scope institution whose name or e-mail address holds every word
 * of the search; 404 unless it is the scope's customer. Only users one may act as: the caller
 * is left out where they are a member of the customer too (nobody acts as themselves), and so
 * is an admin of a trusted institution (the token exchange refuses both, 'Nachahmung des Users
 * nicht erlaubt.'; see decideActingAs).
 */
export async function searchCustomerUsers(
  db: Db,
  scope: InstitutionScope,
  customerId: string,
  search: string,
): Promise<CustomerUser[]> {
  // Not the scope's 404: the caller belongs to the scope institution, only the customer is unknown.
  if (!(await isCustomerOf(db, scope, customerId))) throw notFound(CUSTOMER_NOT_FOUND);
  // Every word, anywhere in the name or the address: 'Schäfer Anna' as well as 'Anna Schäfer'.
  const wordMatches = searchWordTerms(search).map(({ plain, folded }) =>
    or(
      sql`portal_fold(${users.firstName} || ' ' || ${users.lastName}) like ${`%${folded}%`}`,
      sql`lower(${users.email}) like ${`%${plain}%`}`,
    ),
  );
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: institutionUserRoles.role,
    })
    .from(institutionUserRoles)
    .innerJoin(users, eq(users.id, institutionUserRoles.userId))
    .where(
      and(
        eq(institutionUserRoles.institutionId, customerId),
        ne(institutionUserRoles.userId, scope.userId),
        // Nor as an admin of a trusted institution (decideActingAs refuses it): listed, they
        // only led to 'Nachahmung des Users nicht erlaubt.'.
        sql`not exists (
          select 1 from ${institutionUserRoles} as own
          join ${institutions} as own_institution on own_institution.id = own.institution_id
          where own.user_id = ${users.id} and own.role = 'INSTITUTION_ADMIN'
            and own_institution.trusted)`,
        ...wordMatches,
      ),
    )
    .orderBy(inGermanOrder(users.lastName), inGermanOrder(users.firstName), asc(users.id))
    .limit(50);
}

/** Support accesses to the scope institution, newest first. */
export async function listSupportAccess(db: Db, scope: InstitutionScope): Promise<SupportAccess[]> {
  const starts = await db
    .select()
    .from(impersonationAudit)
    .where(
      and(
        eq(impersonationAudit.event, 'start'),
        arrayContains(impersonationAudit.customerIds, [scope.institutionId]),
      ),
    )
    .orderBy(desc(impersonationAudit.createdAt))
    .limit(200);
  if (!starts.length) return [];
  // Its end, and how long its last token was valid (an external provider's impersonation is
  // renewed at the provider; each new token the API saw wrote a `refresh` with its expiry).
  const later = await db
    .select({
      sessionId: impersonationAudit.sessionId,
      event: impersonationAudit.event,
      expiresAt: impersonationAudit.expiresAt,
      createdAt: impersonationAudit.createdAt,
    })
    .from(impersonationAudit)
    .where(
      and(
        inArray(impersonationAudit.event, ['refresh', 'end']),
        inArray(
          impersonationAudit.sessionId,
          starts.map((s) => s.sessionId),
        ),
      ),
    );
  const endOf = new Map<string, Date>();
  const lastExpiryOf = new Map<string, Date>();
  for (const row of later) {
    // Ended twice (two tabs each pressed Eigener User): the first end counts.
    const ended = endOf.get(row.sessionId);
    if (row.event === 'end' && (!ended || row.createdAt < ended)) {
      endOf.set(row.sessionId, row.createdAt);
    }
    const known = lastExpiryOf.get(row.sessionId);
    if (row.expiresAt && (!known || row.expiresAt > known)) {
      lastExpiryOf.set(row.sessionId, row.expiresAt);
    }
  }
  const contractorIds = [...new Set(starts.flatMap((s) => s.contractorIds))];
  const names = new Map(
    (
      await db
        .select({ id: institutions.id, name: institutions.name })
        .from(institutions)
        .where(inArray(institutions.id, contractorIds))
    ).map((r) => [r.id, r.name]),
  );
  const now = Date.now();
  return starts.map((start) => {
    const explicitEnd = endOf.get(start.sessionId);
    const refreshed = lastExpiryOf.get(start.sessionId);
    const lastExpiry =
      refreshed && (!start.expiresAt || refreshed > start.expiresAt) ? refreshed : start.expiresAt;
    const expiry = lastExpiry && lastExpiry.getTime() <= now ? lastExpiry : null;
    const ended = explicitEnd ?? expiry;
    const until = ended ? ended.getTime() : now;
    return {
      id: start.id,
      impersonatorName: start.impersonatorName,
      userName: start.userName,
      contractorNames: start.contractorIds.map((id) => names.get(id) ?? id),
      startedAt: start.createdAt.toISOString(),
      endedAt: ended ? ended.toISOString() : null,
      durationSeconds: Math.max(0, Math.round((until - start.createdAt.getTime()) / 1000)),
    };
  });
}
