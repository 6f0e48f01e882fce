import { jwtDecode } from 'jwt-decode';

/**
 * Reads the claims of a JWT access token for display decisions only (the API verifies it).
 * Answers null for tokens that are not JWTs.
 */
export function decodeJwtClaims(token: string): Record<string, unknown> | null {
  try {
    const claims: unknown = jwtDecode(token);
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const rolesIn = (value: unknown): string[] => {
  const roles = (value as { roles?: unknown } | null)?.roles;
  return Array.isArray(roles)
    ? roles.filter((role): role is string => typeof role === 'string')
    : [];
};

/** Realm roles plus the resource (client) roles of every client, as Keycloak sets them. */
export function tokenRoles(claims: Record<string, unknown>): Set<string> {
  const roles = new Set(rolesIn(claims.realm_access));
  const resources = claims.resource_access;
  if (typeof resources === 'object' && resources !== null) {
    for (const access of Object.values(resources))
      for (const role of rolesIn(access)) roles.add(role);
  }
  return roles;
}

/**
 * Whether the token carries every required role; null when it cannot be told (not a JWT),
 * in which case the API decides.
 */
export function tokenHasRoles(token: string, required: readonly string[]): boolean | null {
  if (required.length === 0) return true;
  const claims = decodeJwtClaims(token);
  if (!claims) return null;
  const roles = tokenRoles(claims);
  return required.every((role) => roles.has(role));
}

/** The token's subject (`sub`), null when it has none or is not a JWT. */
export function tokenSubject(token: string): string | null {
  const subject = decodeJwtClaims(token)?.sub;
  return typeof subject === 'string' && subject !== '' ? subject : null;
}
