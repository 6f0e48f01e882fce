import type { FastifyBaseLogger } from 'fastify';
import type { JWK } from 'jose';
import Provider, {
  type Configuration,
  errors,
  type Grant,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { findUserById, roleClaims, standardClaims } from './accounts';
import { createAdapter } from './adapter';
import { messages } from './messages';
import { escapeHtml, logoutPage, messagePage, type PageContext } from './pages';
import { findSid } from './revoke';
import {
  impersonationRemaining,
  isImpersonationGrant,
  refreshedImpersonationClaims,
  TOKEN_EXCHANGE_GRANT,
  TOKEN_EXCHANGE_PARAMS,
  tokenExchangeHandler,
} from './token-exchange';

/** Scopes the first-party client is granted without a consent screen. */
export const GRANTED_SCOPES = ['openid', 'profile', 'email', 'offline_access'] as const;

export const ACCESS_TOKEN_TTL = 300;
export const ID_TOKEN_TTL = 300;
/** A refresh token expires after 30 minutes without use (Keycloak's "SSO Session Idle"). */
export const REFRESH_TOKEN_IDLE_TTL = 30 * 60;
/** A sign-in lasts at most 10 hours (Keycloak's "SSO Session Max"). */
export const SESSION_MAX_TTL = 10 * 60 * 60;
/** An unfinished sign-in (interaction) is kept one hour. */
export const INTERACTION_TTL = 60 * 60;

const now = () => Math.floor(Date.now() / 1000);

/** Keycloak's endpoint paths below the realm's issuer. */
export const KEYCLOAK_ROUTES = {
  authorization: '/protocol/openid-connect/auth',
  token: '/protocol/openid-connect/token',
  userinfo: '/protocol/openid-connect/userinfo',
  end_session: '/protocol/openid-connect/logout',
  jwks: '/protocol/openid-connect/certs',
  revocation: '/protocol/openid-connect/revoke',
  introspection: '/protocol/openid-connect/token/introspect',
} as const;

/** Where the app may send the user back to, and which origins may call the provider. */
export function clientUrls(config: Config) {
  const bases = [config.publicUrl, ...config.auth.appUrls];
  if (config.env === 'development') bases.push('http://localhost:5173');
  const unique = [...new Set(bases)];
  return {
    // The sign-in page's return, and the return of the window a page with unsaved input signs
    // in again through (the app's SIGNIN_POPUP_CALLBACK_PATH).
    redirectUris: unique.flatMap((base) => [
      `${base}/signin-callback`,
      `${base}/signin-popup-callback`,
    ]),
    postLogoutRedirectUris: unique.flatMap((base) => [`${base}/`, `${base}/signin`]),
    origins: [...new Set(unique.map((base) => new URL(base).origin))],
  };
}

/** The API the access tokens are meant for: resource indicator and audience. */
export function apiResource(config: Config) {
  return {
    indicator: `${config.publicUrl}/api`,
    audience: config.auth.audience ?? 'portal-api',
  };
}

/**
 * The Content-Security-Policy of every page the identity provider renders: no inline script,
 * no inline style, forms may only post here and (after redirects) to the app.
 */
export function identityCsp(config: Config): string {
  const origins = clientUrls(config).origins.join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    `form-action 'self' ${origins}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

export interface CreateProviderOptions {
  config: Config;
  db: Db;
  jwks: { keys: JWK[] };
  cookieKeys: string[];
  pages: PageContext;
  log: FastifyBaseLogger;
}

/** Grants the first-party client everything it may ask for, so no consent screen is shown. */
export function grantEverything(grant: Grant, resources: Record<string, { scope?: string }>) {
  grant.addOIDCScope(GRANTED_SCOPES.join(' '));
  for (const [indicator, server] of Object.entries(resources)) {
    if (server.scope) grant.addResourceScope(indicator, server.scope);
  }
}

function sendHtml(ctx: KoaContextWithOIDC, html: string) {
  ctx.type = 'html';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = html;
}

/**
 * oidc-provider's own auto-submit page (`response_modes/form_post.js`, "Submitting Callback"):
 * English, without `lang`, and no configuration hook renders it. It answers a logout when the
 * browser has no signed-in session any more (the app's sign-out ends the session through the
 * API first) and the switch to another account during a sign-in.
 */
function isProviderAutoSubmitPage(ctx: KoaContextWithOIDC): boolean {
  return (
    ctx.status === 200 &&
    typeof ctx.body === 'string' &&
    ctx.body.includes('<title>Submitting Callback</title>')
  );
}

/** Builds the embedded OpenID provider, configured like a Keycloak realm with one public client. */
export function createProvider(options: CreateProviderOptions): Provider {
  const { config, db, jwks, cookieKeys, pages, log } = options;
  const clientId = config.auth.clientId;
  const issuerPath = new URL(config.auth.issuer).pathname.replace(/\/+$/, '');
  const urls = clientUrls(config);
  const resource = apiResource(config);
  const allowedOrigins = new Set(urls.origins);
  const impersonationTtl = config.auth.impersonationTtlSeconds;

  // Without a valid id_token_hint (oidc-provider refuses an invalid one before this runs) any
  // page could sign the person out: then the page asks for confirmation. The app always sends
  // the hint and is signed out without a question.
  const renderLogout = (ctx: KoaContextWithOIDC, form: string) =>
    sendHtml(ctx, logoutPage(pages, form, { confirm: !ctx.oidc.params?.id_token_hint }));

  const configuration: Configuration = {
    adapter: createAdapter(db),
    jwks,
    cookies: {
      keys: cookieKeys,
      names: {
        session: 'portal_idp_session',
        interaction: 'portal_idp_interaction',
        resume: 'portal_idp_resume',
      },
      long: { signed: true, httpOnly: true, sameSite: 'lax', path: issuerPath },
      short: { signed: true, httpOnly: true, sameSite: 'lax', path: issuerPath },
    },
    clients: [
      {
        client_id: clientId,
        client_name: messages.portalName,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token', TOKEN_EXCHANGE_GRANT],
        response_types: ['code'],
        redirect_uris: urls.redirectUris,
        post_logout_redirect_uris: urls.postLogoutRedirectUris,
      },
    ],
    routes: KEYCLOAK_ROUTES,
    responseTypes: ['code'],
    scopes: [...GRANTED_SCOPES],
    claims: {
      openid: ['sub'],
      profile: ['given_name', 'family_name', 'name', 'preferred_username'],
      email: ['email', 'email_verified'],
      acr: null,
      sid: null,
      auth_time: null,
      iss: null,
    },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    clientBasedCORS: (_ctx, origin) => allowedOrigins.has(origin),
    features: {
      devInteractions: { enabled: false },
      claimsParameter: { enabled: false },
      introspection: { enabled: false },
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => renderLogout(ctx, form),
        postLogoutSuccessSource: async (ctx) =>
          sendHtml(
            ctx,
            messagePage(pages, { title: messages.signedOutTitle, message: messages.signedOut }),
          ),
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => resource.indicator,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (ctx, indicator) => {
          if (indicator !== resource.indicator) throw new errors.InvalidTarget();
          // A token renewed within an impersonation never outlives the impersonation.
          const refreshToken = ctx.oidc.entities.RefreshToken as
            | { gty?: string; iiat?: number }
            | undefined;
          const accessTokenTTL = isImpersonationGrant(refreshToken)
            ? Math.min(
                ACCESS_TOKEN_TTL,
                impersonationRemaining(refreshToken ?? {}, impersonationTtl),
              )
            : ACCESS_TOKEN_TTL;
          return {
            scope: GRANTED_SCOPES.join(' '),
            audience: resource.audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      IdToken: ID_TOKEN_TTL,
      AuthorizationCode: 60,
      Interaction: INTERACTION_TTL,
      // An impersonation's grant (made by the token exchange) ends with the impersonation.
      Grant: (ctx) =>
        ctx?.oidc?.params?.grant_type === TOKEN_EXCHANGE_GRANT ? impersonationTtl : SESSION_MAX_TTL,
      Session: (_ctx, session) => {
        const loginTs = (session as { loginTs?: number }).loginTs;
        return loginTs ? Math.max(1, loginTs + SESSION_MAX_TTL - now()) : SESSION_MAX_TTL;
      },
      RefreshToken: (_ctx, token) => {
        // An impersonation's refresh token lasts until the impersonation ends, at most.
        if (isImpersonationGrant(token)) return impersonationRemaining(token, impersonationTtl);
        // At most until the sign-in's 10 hours are over: counted from the sign-in (`authTime`,
        // the session's login), not from the chain's first token, which a silent re-sign-in
        // through the still-valid session would restart.
        const { authTime, iiat } = token as { authTime?: number; iiat?: number };
        const signedInAt = authTime ?? iiat ?? now();
        return Math.max(1, Math.min(REFRESH_TOKEN_IDLE_TTL, signedInAt + SESSION_MAX_TTL - now()));
      },
    },
    // Codes, and the refresh tokens they yield, are bound to the sign-in session: a refresh is
    // refused once the session has ended (10 hours after sign-in, logout, revocation), and the
    // provider's logout revokes the grant. oidc-provider's default binds only tokens without
    // `offline_access`, which holds today only because it drops that scope without
    // `prompt=consent`; said here, it does not depend on that. The impersonation's refresh
    // token is made by the token exchange without this binding.
    expiresWithSession: async () => true,
    issueRefreshToken: async (_ctx, client, source) =>
      client.grantTypeAllowed('refresh_token') &&
      (client.clientId === clientId || source.scopes.has('offline_access')),
    rotateRefreshToken: true,
    interactions: {
      url: async (_ctx, interaction) => `${issuerPath}/login-actions/${interaction.uid}`,
    },
    loadExistingGrant: async (ctx) => {
      const { client, session } = ctx.oidc;
      const accountId = session?.accountId;
      if (!client || !session || !accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      let grant = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (grant && grant.accountId !== accountId) grant = undefined;
      if (client.clientId !== clientId) return grant;
      // First-party client: consent is implicit.
      grant ??= new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId });
      grantEverything(grant, ctx.oidc.resourceServers ?? {});
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, sub) => {
      const user = await findUserById(db, sub);
      if (!user) return undefined;
      return {
        accountId: user.id,
        claims: async () => standardClaims(user),
      };
    },
    extraTokenClaims: async (ctx, token) => {
      const { accountId } = token as { accountId?: string };
      if (!accountId) return undefined;
      // Loaded afresh on every issue (and refresh), so role changes show up at the next refresh.
      const user = await findUserById(db, accountId);
      if (!user) return undefined;
      const stored = token as { sid?: string; sessionUid?: string; clientId: string };
      const sid =
        stored.sid ?? (await findSid(ctx.oidc.provider, stored.sessionUid, stored.clientId));
      const { sub: _sub, ...claims } = standardClaims(user);
      const impersonation = isImpersonationGrant(token as { gty?: string })
        ? await refreshedImpersonationClaims(db, ctx, (token as { grantId?: string }).grantId)
        : {};
      return {
        typ: 'Bearer',
        azp: stored.clientId,
        ...(sid ? { sid } : {}),
        ...roleClaims(user, clientId),
        ...claims,
        ...impersonation,
      };
    },
    renderError: async (ctx, out) => {
      sendHtml(
        ctx,
        messagePage(pages, {
          title: messages.errorTitle,
          message: messages.error,
          details: String(out.error ?? ''),
          role: 'alert',
        }),
      );
    },
  };

  const provider = new Provider(config.auth.issuer, configuration);
  // RFC 8693 token exchange for support impersonation (see token-exchange.ts).
  provider.registerGrantType(
    TOKEN_EXCHANGE_GRANT,
    tokenExchangeHandler({
      db,
      issuer: config.auth.issuer,
      clientId,
      audience: resource.audience,
      resourceIndicator: resource.indicator,
      jwks,
      ttlSeconds: impersonationTtl,
      accessTokenTtlSeconds: ACCESS_TOKEN_TTL,
    }),
    [...TOKEN_EXCHANGE_PARAMS],
  );
  // The forwarded headers it sees are set by the identity plugin from Fastify's own verdict
  // under TRUST_PROXY (and removed when no proxy is trusted), so believing them is safe.
  provider.proxy = true;

  const csp = identityCsp(config);
  provider.use(async (koa, next) => {
    koa.set('Content-Security-Policy', csp);
    await next();
    const ctx = koa as KoaContextWithOIDC;
    // Its own auto-submit page posts the logout confirmation (xsrf, logout=yes): the German
    // end-session page instead, with the same form and rule, and without the inline script.
    const { route, session } = ctx.oidc ?? ({} as Partial<KoaContextWithOIDC['oidc']>);
    const secret = session?.state?.secret;
    if (
      (route === 'end_session' || route === 'resume') &&
      typeof secret === 'string' &&
      isProviderAutoSubmitPage(ctx)
    ) {
      const action = ctx.oidc.urlFor('end_session_confirm');
      const form = `<form id="op.logoutForm" method="post" action="${escapeHtml(action)}"><input type="hidden" name="xsrf" value="${escapeHtml(secret)}"/></form>`;
      if (route === 'resume') sendHtml(ctx, logoutPage(pages, form));
      else renderLogout(ctx, form);
      ctx.set('Content-Security-Policy', csp);
    }
  });

  provider.on('server_error', (_ctx, error) => {
    log.error({ err: error }, 'identity provider error');
  });
  const refused = (event: string) => (_ctx: unknown, error: Error) => {
    const description = (error as { error_description?: string }).error_description;
    log.info({ event, error: error.name, description }, 'identity request refused');
  };
  provider.on('grant.error', refused('grant.error'));
  provider.on('authorization.error', refused('authorization.error'));
  provider.on('end_session.error', refused('end_session.error'));
  return provider;
}
