import { ID_PATTERN, type InstitutionRole } from '@portal/contract';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { FastifyRequest, preHandlerHookHandler, preParsingHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { institutions, institutionUserRoles, relationships, users } from '../db/schema';
import { messages } from '../messages';
import { badRequest, forbidden, notFound } from './errors';
import type { Principal } from './principals';

/**
 * Tenant isolation in one place.
 *
 * A route that acts on an institution declares it in its config:
 *
 *   app.get('/institution/:id/thing', { config: { institution: { roles: ADMIN } }, schema }, …)
 *
 * A preHandler (added by this plugin to every such route) resolves the institution id from the
 * route and the verified caller into an {@link InstitutionScope}: the caller's role there and
 * whether the institution is trusted. Only this module can make one, and every service and
 * repository function for institution data takes one instead of a bare id, so a query for
 * institution data cannot be written without the membership check having run.
 *
 * A route may also let in the members of a trusted contractor that serves the institution
 * (`contractors: true`, e.g. documents the contractor manages); their scope says `via:
 * 'contractor'` and names those contractors, with the caller's role there.
 *
 * A caller outside the institution gets the same 404 as for an id that does not exist, so
 * other institutions' existence is never revealed; a member without the needed role, or of an
 * institution that is not trusted where that is required, gets 403.
 */

declare const scopeBrand: unique symbol;

/** The verified caller acting in one institution they belong to. Made only by this module. */
export type InstitutionScope = Readonly<{
  institutionId: string;
  userId: string;
  /** The caller's role in the institution, or (via a contractor) in that contractor. */
  role: InstitutionRole;
  /** Whether the institution is trusted (false when let in via a contractor). */
  trusted: boolean;
  /** `member` of the institution, or member of a trusted `contractor` serving it. */
  via: 'member' | 'contractor';
  /** Via a contractor: the trusted contractors of the caller that serve the institution. */
  contractorIds: readonly string[];
}> & { readonly [scopeBrand]: true };

/** Which institution a route acts on and who may act there. */
export interface InstitutionRouteAccess {
  /** Path parameter holding the institution id (default `id`), unless `query` is given. */
  param?: string;
  /** Query parameter holding the institution id instead of a path parameter. */
  query?: string;
  /** Roles allowed to act (default: every member). Other members get 403. */
  roles?: readonly InstitutionRole[];
  /** The institution must be trusted (a contractor); otherwise 403. */
  trusted?: boolean;
  /**
   * Members of a trusted contractor serving the institution (a relationship with it as the
   * customer) get in too, with `via: 'contractor'`; `roles` then apply to their role there.
   */
  contractors?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route acts on an institution: the scope is resolved before the handler runs. */
    institution?: InstitutionRouteAccess;
  }
  interface FastifyRequest {
    /** Set on routes whose config names an institution (see {@link InstitutionRouteAccess}). */
    scope: InstitutionScope;
  }
}

export const ADMIN_ONLY: readonly InstitutionRole[] = ['INSTITUTION_ADMIN'];

/**
 * The strict UUID shape. The contract's ID_PATTERN (36 hex digits and hyphens, as the spec
 * says) admits strings PostgreSQL cannot cast to uuid; such ids can name nothing, so queries
 * with them are skipped and answer "not found" instead of a database error.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isUuid = (value: string): boolean => UUID.test(value);

export const INSTITUTION_NOT_FOUND = messages.institutionNotFound;
export const MISSING_INSTITUTION_ROLE = messages.missingInstitutionRole;
export const NOT_A_TRUSTED_INSTITUTION = messages.notATrustedInstitution;

/** Throws 400 unless `value` is a canonical lower-case UUID (36 hex digits and hyphens). */
export function assertId(value: string, name = 'id'): string {
  if (!ID_PATTERN.test(value)) {
    throw badRequest(messages.invalidIdentifier(name), [
      { path: name, message: messages.invalidIdentifierField },
    ]);
  }
  return value;
}

/**
 * The portal user id for a token subject: the user whose id is the subject (embedded provider,
 * Keycloak users created by the portal) or who is linked to it (`identity_subject`).
 */
export async function findUserIdBySubject(db: Db, sub: string): Promise<string | undefined> {
  const condition = isUuid(sub)
    ? or(eq(users.id, sub), eq(users.identitySubject, sub))
    : eq(users.identitySubject, sub);
  const rows = await db.select({ id: users.id }).from(users).where(condition).limit(2);
  // Prefer the direct id match when a subject happens to be both.
  return rows.find((row) => row.id === sub)?.id ?? rows[0]?.id;
}

/** The calling user's portal id, or undefined when not in the database. */
export async function currentUserId(request: FastifyRequest): Promise<string | undefined> {
  return (await request.server.principals.get(request.auth.sub))?.user.id;
}

/** The role of a user in an institution and whether it is trusted; undefined for non-members. */
async function findMembership(
  db: Db,
  userId: string,
  institutionId: string,
): Promise<{ role: InstitutionRole; trusted: boolean } | undefined> {
  if (!isUuid(userId) || !isUuid(institutionId)) return undefined;
  const rows = await db
    .select({ role: institutionUserRoles.role, trusted: institutions.trusted })
    .from(institutionUserRoles)
    .innerJoin(institutions, eq(institutions.id, institutionUserRoles.institutionId))
    .where(
      and(
        eq(institutionUserRoles.userId, userId),
        eq(institutionUserRoles.institutionId, institutionId),
      ),
    )
    .limit(1);
  return rows[0];
}

/**
 * The scope of `userId` in `institutionId`, checked against `access`: 400 malformed id, 404 not
 * a member (or no such institution, or no such user), 403 wrong role or not trusted.
 *
 * For code that acts outside an HTTP route of its own (the identity provider's token exchange,
 * background work, tests). Routes declare `config.institution` instead.
 */
export async function resolveInstitutionScope(
  db: Db,
  userId: string | undefined,
  institutionId: string,
  access: Omit<InstitutionRouteAccess, 'param' | 'query'> = {},
): Promise<InstitutionScope> {
  assertId(institutionId, 'institutionId');
  const membership = userId ? await findMembership(db, userId, institutionId) : undefined;
  return checkedScope(userId, institutionId, membership, access);
}

function checkedScope(
  userId: string | undefined,
  institutionId: string,
  membership: { role: InstitutionRole; trusted: boolean } | undefined,
  access: Omit<InstitutionRouteAccess, 'param' | 'query'>,
): InstitutionScope {
  if (!userId || !membership) throw notFound(INSTITUTION_NOT_FOUND);
  if (access.roles && !access.roles.includes(membership.role)) {
    throw forbidden(MISSING_INSTITUTION_ROLE);
  }
  if (access.trusted && !membership.trusted) throw forbidden(NOT_A_TRUSTED_INSTITUTION);
  return {
    institutionId,
    userId,
    role: membership.role,
    trusted: membership.trusted,
    via: 'member',
    contractorIds: [],
  } as unknown as InstitutionScope;
}

/** The user id an {@link operatorScope} names: nobody (no user has the nil UUID). */
export const OPERATOR_USER_ID = '00000000-0000-0000-0000-000000000000';

/**
 * The scope of the installation's operator in `institutionId`: an administrator there who is no
 * user, for the operator command (`npm run admin`, src/admin), which runs on the server's machine
 * with its configuration and sets up the first administrator of an institution that has none.
 * Never for a request: the caller of a route always gets a checked scope.
 */
export function operatorScope(institutionId: string): InstitutionScope {
  assertId(institutionId, 'institutionId');
  return {
    institutionId,
    userId: OPERATOR_USER_ID,
    role: 'INSTITUTION_ADMIN',
    trusted: false,
    via: 'member',
    contractorIds: [],
  } as unknown as InstitutionScope;
}

/** The roles whose holders may act as a customer's user: a contractor's admin or support. */
export const IMPERSONATING_ROLES = [
  'INSTITUTION_ADMIN',
  'SUPPORT_USER',
] as const satisfies readonly InstitutionRole[];

/** Why acting as a user is refused (the token exchange's error description). */
export type ActingAsRefusal =
  | 'caller may not impersonate'
  | 'requested subject is admin of a trusted institution'
  | 'no relationship';

export type ActingAsDecision =
  | { allowed: true; contractorIds: string[]; customerIds: string[] }
  | { allowed: false; reason: ActingAsRefusal };

/**
 * Who may act as whom (impersonation, spec section 7): `callerId` holds an impersonating role in
 * a contractor institution that serves one of `targetId`'s institutions as its customer, and the
 * target is no administrator of a trusted institution. `within` narrows the institutions
 * considered (the token exchange's claim token: owner = the caller's, contractor = the target's).
 * Decided here for the embedded provider's token exchange and, with an external provider, for
 * every impersonated token the API is shown (plugins/auth.ts).
 */
export async function decideActingAs(
  db: Db,
  callerId: string,
  targetId: string,
  within: { owner: readonly string[]; contractor: readonly string[] } = {
    owner: [],
    contractor: [],
  },
): Promise<ActingAsDecision> {
  const callerRoles = await db
    .select({ institutionId: institutionUserRoles.institutionId })
    .from(institutionUserRoles)
    .where(
      and(
        eq(institutionUserRoles.userId, callerId),
        inArray(institutionUserRoles.role, [...IMPERSONATING_ROLES]),
      ),
    );
  let contractorIds = callerRoles.map((r) => r.institutionId);
  if (within.owner.length) contractorIds = contractorIds.filter((id) => within.owner.includes(id));
  // Membership and role checked once more through the tenant scope.
  const checked: string[] = [];
  for (const id of contractorIds) {
    try {
      await resolveInstitutionScope(db, callerId, id, { roles: IMPERSONATING_ROLES });
      checked.push(id);
    } catch {
      // not allowed there
    }
  }
  if (!checked.length) return { allowed: false, reason: 'caller may not impersonate' };

  const targetRoles = await db
    .select({
      institutionId: institutionUserRoles.institutionId,
      role: institutionUserRoles.role,
      trusted: institutions.trusted,
    })
    .from(institutionUserRoles)
    .innerJoin(institutions, eq(institutions.id, institutionUserRoles.institutionId))
    .where(eq(institutionUserRoles.userId, targetId));
  if (targetRoles.some((r) => r.trusted && r.role === 'INSTITUTION_ADMIN')) {
    return { allowed: false, reason: 'requested subject is admin of a trusted institution' };
  }
  let targetInstitutions = targetRoles.map((r) => r.institutionId);
  if (within.contractor.length) {
    targetInstitutions = targetInstitutions.filter((id) => within.contractor.includes(id));
  }
  if (!targetInstitutions.length) return { allowed: false, reason: 'no relationship' };
  const links = await db
    .select({ contractorId: relationships.contractorId, customerId: relationships.customerId })
    .from(relationships)
    .where(
      and(
        inArray(relationships.contractorId, checked),
        inArray(relationships.customerId, targetInstitutions),
      ),
    );
  if (!links.length) return { allowed: false, reason: 'no relationship' };
  return {
    allowed: true,
    contractorIds: [...new Set(links.map((l) => l.contractorId))],
    customerIds: [...new Set(links.map((l) => l.customerId))],
  };
}

/**
 * Whether `customerId` is a customer of the scope's institution, which serves it as contractor
 * (contractor routes that name a customer: support impersonation, advancing a bank order).
 */
export async function isCustomerOf(
  db: Db,
  scope: InstitutionScope,
  customerId: string,
): Promise<boolean> {
  if (!isUuid(customerId)) return false;
  const [link] = await db
    .select({ id: relationships.id })
    .from(relationships)
    .where(
      and(
        eq(relationships.contractorId, scope.institutionId),
        eq(relationships.customerId, customerId),
      ),
    )
    .limit(1);
  return link !== undefined;
}

/**
 * The scope of a caller who is not a member, through the trusted contractors among
 * `memberships` that serve `institutionId`; undefined when none does.
 */
async function contractorScope(
  db: Db,
  userId: string,
  institutionId: string,
  memberships: readonly { institutionId: string; role: InstitutionRole; trusted: boolean }[],
  access: Omit<InstitutionRouteAccess, 'param' | 'query'>,
): Promise<InstitutionScope | undefined> {
  const trustedOnes = memberships.filter((membership) => membership.trusted);
  // An id of the contract's shape that is no UUID names no institution: not found, not a 500.
  if (trustedOnes.length === 0 || !isUuid(institutionId)) return undefined;
  const serving = await db
    .select({ contractorId: relationships.contractorId })
    .from(relationships)
    .where(
      and(
        eq(relationships.customerId, institutionId),
        inArray(
          relationships.contractorId,
          trustedOnes.map((membership) => membership.institutionId),
        ),
      ),
    );
  if (serving.length === 0) return undefined;
  const contractorIds = serving.map((row) => row.contractorId);
  const roles = trustedOnes
    .filter((membership) => contractorIds.includes(membership.institutionId))
    .map((membership) => membership.role);
  const role = roles.includes('INSTITUTION_ADMIN') ? 'INSTITUTION_ADMIN' : roles[0];
  if (!role) return undefined;
  if (access.roles && !access.roles.includes(role)) throw forbidden(MISSING_INSTITUTION_ROLE);
  return {
    institutionId,
    userId,
    role,
    trusted: false,
    via: 'contractor',
    contractorIds,
  } as unknown as InstitutionScope;
}

/**
 * The scope of the calling user, from their principal (no statement when it is in memory).
 * `institutionId` has passed {@link assertId}.
 */
async function resolveRequestScope(
  request: FastifyRequest,
  institutionId: string,
  access: InstitutionRouteAccess,
): Promise<InstitutionScope> {
  const principal = await request.server.principals.get(request.auth.sub);
  if (!principal) return checkedScope(undefined, institutionId, undefined, access);
  const scope = memberScope(principal, institutionId, access);
  if (scope) return scope;
  const viaContractor = await contractorScope(
    request.server.db,
    principal.user.id,
    institutionId,
    principal.memberships,
    access,
  );
  return viaContractor ?? checkedScope(principal.user.id, institutionId, undefined, access);
}

/**
 * The scope decided from the caller's principal in memory, without a promise: the usual
 * request. Undefined when it needs the database (the principal is not in memory, or a
 * non-member may come in through a contractor); {@link resolveRequestScope} decides then.
 * Throws as that would (404, 403). `institutionId` has passed {@link assertId}.
 */
function cachedRequestScope(
  request: FastifyRequest,
  institutionId: string,
  access: InstitutionRouteAccess,
): InstitutionScope | undefined {
  const principal = request.server.principals.peek(request.auth.sub);
  return principal && memberScope(principal, institutionId, access);
}

/**
 * The scope of a principal as a member: throws 404 (not a member) or 403 (role, trust);
 * undefined for a non-member where the route lets contractors in, who are looked up then.
 */
function memberScope(
  principal: Principal,
  institutionId: string,
  access: InstitutionRouteAccess,
): InstitutionScope | undefined {
  const membership = principal.memberships.find((item) => item.institutionId === institutionId);
  if (!membership && access.contractors) return undefined;
  return checkedScope(principal.user.id, institutionId, membership, access);
}

/** The institution id a route names, from its path or query as its config says. */
function institutionIdOf(request: FastifyRequest, access: InstitutionRouteAccess): string {
  const source = (access.query ? request.query : request.params) as Record<string, unknown>;
  const value = source?.[access.query ?? access.param ?? 'id'];
  if (typeof value !== 'string') {
    throw badRequest(messages.institutionMissing, [
      { path: access.query ?? access.param ?? 'id', message: messages.required },
    ]);
  }
  return value;
}

/** Every route that declares `config.institution`, by `METHOD url` (for the stranger test). */
export type InstitutionRouteRegistry = Map<string, InstitutionRouteAccess>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Routes with `config.institution`, keyed `GET /api/institution/:id`. */
    institutionRoutes: InstitutionRouteRegistry;
  }
}

/**
 * Resolves the scope on every route whose config names an institution, after authentication
 * and before the body is read (`preParsing`): a stranger gets the 404 before any upload is
 * parsed, and before body validation could answer differently for strangers and members. A
 * malformed id is left to schema validation (400, as for every parameter); the preHandler then
 * resolves the scope of routes whose id only validation could vouch for.
 */
export const accessPlugin = fp(
  async (app) => {
    app.decorateRequest('scope', null as unknown as InstitutionScope);
    const registry: InstitutionRouteRegistry = new Map();
    app.decorate('institutionRoutes', registry);
    app.addHook('onRoute', (route) => {
      const access = route.config?.institution;
      if (!access) return;
      for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
        registry.set(`${method} ${route.url}`, access);
      }
      // Callback hooks: a caller whose principal is in memory gets the scope (or the 404/403)
      // synchronously, without the promises of async hooks on every request.
      const resolve = (
        request: FastifyRequest,
        institutionId: string,
        done: (error?: Error) => void,
      ) => {
        let scope: InstitutionScope | undefined;
        try {
          scope = cachedRequestScope(request, institutionId, access);
        } catch (error) {
          return done(error as Error);
        }
        if (scope) {
          request.scope = scope;
          return done();
        }
        resolveRequestScope(request, institutionId, access).then((resolved) => {
          request.scope = resolved;
          done();
        }, done);
      };
      const early: preParsingHookHandler = (request, _reply, payload, done) => {
        const source = (access.query ? request.query : request.params) as Record<string, unknown>;
        const value = source?.[access.query ?? access.param ?? 'id'];
        if (typeof value !== 'string' || !ID_PATTERN.test(value)) return done(null, payload);
        resolve(request, value, (error) => done(error ?? null, payload));
      };
      const late: preHandlerHookHandler = (request, _reply, done) => {
        if (request.scope) return done();
        let institutionId: string;
        try {
          institutionId = assertId(institutionIdOf(request, access), 'institutionId');
        } catch (error) {
          return done(error as Error);
        }
        resolve(request, institutionId, done);
      };
      const asList = <T>(hooks: T | T[] | undefined): T[] =>
        Array.isArray(hooks) ? hooks : hooks ? [hooks] : [];
      route.preParsing = [early, ...asList(route.preParsing)];
      route.preHandler = [late, ...asList(route.preHandler)];
    });
  },
  { name: 'access', dependencies: ['db', 'auth', 'principals'] },
);
