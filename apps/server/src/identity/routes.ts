import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createLocalJWKSet, type JWK, jwtVerify } from 'jose';
import type Provider from 'oidc-provider';
import type { Config } from '../config';
import { identityResourcesFolder } from '../paths';
import { accountActionRoutes } from './account-actions';
import { findUserByEmail, findUserById, standardClaims } from './accounts';
import { loginForm, logoutForm, otpForm, readForm, userinfoForm } from './forms';
import { messages } from './messages';
import { loginPage, messagePage, otpPage, type PageContext } from './pages';
import { hashPassword, verifyPassword } from './passwords';
import { apiResource, clientUrls, GRANTED_SCOPES, grantEverything, identityCsp } from './provider';
import { endSessionByRefreshToken, isSessionActive } from './revoke';
import {
  checkTotp,
  deletePendingSecondFactor,
  findPendingSecondFactor,
  isCodeShaped,
  savePendingSecondFactor,
} from './second-factor';
import { accountKey, type Claim, claimSignInAttempt, clearSignInPair } from './sign-in-throttle';

export interface IdentityRoutesOptions {
  config: Config;
  provider: Provider;
  pages: PageContext;
  issuerPath: string;
  publicJwks: { keys: JWK[] };
}

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/** A hash to check unknown e-mail addresses against, so they take as long as known ones. */
let dummyHash: Promise<string> | undefined;

const hide = { hide: true } as Record<string, unknown>;

/** Paths below the issuer that these routes answer instead of oidc-provider. */
export function isHandledOutsideProvider(pathBelowIssuer: string, method: string | undefined) {
  if (pathBelowIssuer.startsWith('/login-actions/')) return true;
  if (pathBelowIssuer === '/protocol/openid-connect/userinfo') return true;
  return (
    pathBelowIssuer === '/protocol/openid-connect/logout' &&
    (method === 'POST' || method === 'OPTIONS')
  );
}

/** The login pages, Keycloak's refresh-token logout, userinfo and the pages' static files. */
export async function identityRoutes(app: FastifyInstance, options: IdentityRoutesOptions) {
  const { config, provider, pages, issuerPath, publicJwks } = options;
  const db = app.db;
  const csp = identityCsp(config);
  const origins = new Set(clientUrls(config).origins);
  const maxFailures = config.auth.signInMaxFailures;
  const getKey = createLocalJWKSet(publicJwks);
  const { audience } = apiResource(config);

  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    await app.register(formbody);
  }

  const loginUrl = (uid: string) => `${issuerPath}/login-actions/${encodeURIComponent(uid)}`;
  const forgotPasswordUrl = (uid: string) =>
    `${issuerPath}/login-actions/reset-credentials?uid=${encodeURIComponent(uid)}`;

  const sendPage = (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Content-Security-Policy', csp)
      .header('Cache-Control', 'no-store')
      .header('Referrer-Policy', 'no-referrer')
      .send(html);

  const refusalMessage = (claim: Claim) =>
    !claim.allowed && claim.reason === 'slow' ? messages.slowDown : messages.tooManyFailures;
  const sendRefused = (reply: FastifyReply, claim: Claim, html: string) => {
    if (!claim.allowed) reply.header('Retry-After', String(claim.retryAfterSeconds));
    return sendPage(reply, 429, html);
  };

  const sendExpired = (reply: FastifyReply) =>
    sendPage(
      reply,
      400,
      messagePage(pages, {
        title: messages.expiredTitle,
        message: messages.expired,
        role: 'alert',
      }),
    );

  /** The interaction of this request, if its cookie matches the uid in the path. */
  async function loadInteraction(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<Interaction | undefined> {
    const { uid } = request.params as { uid: string };
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      return interaction.uid === uid ? interaction : undefined;
    } catch {
      return undefined;
    }
  }

  async function finishLogin(
    request: FastifyRequest,
    reply: FastifyReply,
    accountId: string,
    amr: string[],
  ) {
    const returnTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId, amr, remember: true } },
      { mergeWithLastSubmission: false },
    );
    return reply.code(303).header('Cache-Control', 'no-store').redirect(returnTo);
  }

  /** Consent is implicit for the first-party client; this only runs if a grant went missing. */
  async function finishConsent(
    request: FastifyRequest,
    reply: FastifyReply,
    interaction: Interaction,
  ) {
    const accountId = interaction.session?.accountId;
    if (!accountId) return sendExpired(reply);
    const grant = interaction.grantId
      ? await provider.Grant.find(interaction.grantId)
      : new provider.Grant({ clientId: String(interaction.params.client_id), accountId });
    if (!grant) return sendExpired(reply);
    const indicator = apiResource(config).indicator;
    grantEverything(grant, { [indicator]: { scope: GRANTED_SCOPES.join(' ') } });
    const grantId = await grant.save();
    const returnTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
    return reply.code(303).redirect(returnTo);
  }

  // The login pages' stylesheet, icon and script (served by @fastify/static, cached an hour).
  await app.register(fastifyStatic, {
    root: identityResourcesFolder,
    prefix: `${pages.resourcesPath}/`,
    decorateReply: false,
    cacheControl: false,
    dotfiles: 'ignore',
    index: false,
    schemaHide: true,
    setHeaders: (reply) => reply.header('Cache-Control', 'public, max-age=3600'),
  });

  // Password reset and invitation links (single-use, hashed tokens): see account-actions.ts.
  await accountActionRoutes(app, { config, provider, pages, issuerPath, sendPage });

  app.get(`${issuerPath}/login-actions/:uid`, { schema: hide }, async (request, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return sendExpired(reply);
    if (interaction.prompt.name === 'consent') return finishConsent(request, reply, interaction);
    const { uid } = interaction;
    if (await findPendingSecondFactor(db, uid)) {
      return sendPage(reply, 200, otpPage(pages, { action: `${loginUrl(uid)}/otp` }));
    }
    const hint = interaction.params.login_hint;
    return sendPage(
      reply,
      200,
      loginPage(pages, {
        action: loginUrl(uid),
        forgotPasswordUrl: forgotPasswordUrl(uid),
        ...(typeof hint === 'string' ? { email: hint } : {}),
      }),
    );
  });

  app.post(`${issuerPath}/login-actions/:uid`, { schema: hide }, async (request, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return sendExpired(reply);
    const { email, password } = readForm(loginForm, request.body);
    const action = loginUrl(interaction.uid);
    const account = accountKey(email);
    // A field left empty is no attempt: nothing is claimed or checked.
    if (!email || !password) {
      return sendPage(
        reply,
        400,
        loginPage(pages, {
          action,
          email,
          error: messages.missingCredentials,
          forgotPasswordUrl: forgotPasswordUrl(interaction.uid),
        }),
      );
    }

    // Claimed before the password is checked: parallel tries never check more than allowed.
    const claim = await claimSignInAttempt(db, 'password', account, request.ip, maxFailures);
    if (!claim.allowed) {
      return sendRefused(
        reply,
        claim,
        loginPage(pages, {
          action,
          email,
          error: refusalMessage(claim),
          forgotPasswordUrl: forgotPasswordUrl(interaction.uid),
        }),
      );
    }

    const user = email ? await findUserByEmail(db, email) : undefined;
    dummyHash ??= hashPassword(crypto.randomUUID());
    const isValid = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
    if (!user?.passwordHash || !isValid) {
      return sendPage(
        reply,
        401,
        loginPage(pages, {
          action,
          email,
          error: messages.invalidCredentials,
          forgotPasswordUrl: forgotPasswordUrl(interaction.uid),
        }),
      );
    }

    if (user.totpSecret) {
      const expiresAt = new Date((interaction.exp ?? Math.floor(Date.now() / 1000) + 600) * 1000);
      await savePendingSecondFactor(
        db,
        interaction.uid,
        { accountId: user.id, account },
        expiresAt,
      );
      return reply.code(303).header('Cache-Control', 'no-store').redirect(action);
    }

    await clearSignInPair(db, 'password', account, request.ip);
    return finishLogin(request, reply, user.id, ['pwd']);
  });

  // After a wrong code the address bar shows …/otp; reloading it (or pressing Enter there) goes
  // to the interaction's page, which shows the code step again while it is alive, else the
  // German expiry page.
  app.get(`${issuerPath}/login-actions/:uid/otp`, { schema: hide }, async (request, reply) => {
    const { uid } = request.params as { uid: string };
    return reply.code(303).header('Cache-Control', 'no-store').redirect(loginUrl(uid));
  });

  app.post(`${issuerPath}/login-actions/:uid/otp`, { schema: hide }, async (request, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return sendExpired(reply);
    const action = loginUrl(interaction.uid);
    const pending = await findPendingSecondFactor(db, interaction.uid);
    if (!pending) return reply.code(303).redirect(action);

    const otpAction = `${action}/otp`;
    const { code } = readForm(otpForm, request.body);
    // Anything but six digits cannot be the code: no attempt is claimed for it.
    if (!isCodeShaped(code)) {
      return sendPage(
        reply,
        400,
        otpPage(pages, { action: otpAction, error: messages.otpNotSixDigits }),
      );
    }
    const claim = await claimSignInAttempt(db, 'otp', pending.account, request.ip, maxFailures);
    if (!claim.allowed) {
      return sendRefused(
        reply,
        claim,
        otpPage(pages, { action: otpAction, error: refusalMessage(claim) }),
      );
    }
    const user = await findUserById(db, pending.accountId);
    if (!user) {
      await deletePendingSecondFactor(db, interaction.uid);
      return sendExpired(reply);
    }
    const check = user.totpSecret
      ? await checkTotp(db, user.id, user.totpSecret, code)
      : 'accepted';
    if (check !== 'accepted') {
      const error = check === 'used' ? messages.usedOtp : messages.invalidOtp;
      return sendPage(reply, 401, otpPage(pages, { action: otpAction, error }));
    }
    await deletePendingSecondFactor(db, interaction.uid);
    await clearSignInPair(db, 'password', pending.account, request.ip);
    await clearSignInPair(db, 'otp', pending.account, request.ip);
    return finishLogin(request, reply, user.id, user.totpSecret ? ['pwd', 'otp'] : ['pwd']);
  });

  // The two JSON endpoints answered here, with CORS (@fastify/cors, scoped to them) for the app
  // when it runs on another origin (the Vite dev server). The provider answers its own.
  const endpointsPath = `${issuerPath}/protocol/openid-connect`;
  await app.register(
    async (scoped) => {
      await scoped.register(cors, {
        origin: [...origins],
        methods: ['GET', 'POST'],
        allowedHeaders: ['Authorization', 'Content-Type'],
        maxAge: 3600,
      });
      await jsonEndpoints(scoped, { config, provider, getKey, audience });
    },
    { prefix: endpointsPath },
  );
}

/** Keycloak's refresh-token logout and a userinfo that accepts the API's JWT access tokens. */
async function jsonEndpoints(
  app: FastifyInstance,
  {
    config,
    provider,
    getKey,
    audience,
  }: {
    config: Config;
    provider: Provider;
    getKey: ReturnType<typeof createLocalJWKSet>;
    audience: string;
  },
) {
  const db = app.db;
  // Keycloak's back-channel logout by refresh token: ends the session and revokes its grant.
  app.post('/logout', { schema: hide }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const { refresh_token: refreshToken, client_id: requestClientId } = readForm(
      logoutForm,
      request.body,
    );
    if (!refreshToken) {
      return reply
        .code(400)
        .send({ error: 'invalid_request', error_description: 'Missing parameter: refresh_token' });
    }
    if (requestClientId !== config.auth.clientId) {
      return reply
        .code(400)
        .send({ error: 'unauthorized_client', error_description: 'Invalid client' });
    }
    if (!(await endSessionByRefreshToken(provider, refreshToken, config.auth.clientId))) {
      return reply
        .code(400)
        .send({ error: 'invalid_grant', error_description: 'Invalid refresh token' });
    }
    return reply.code(204).send();
  });

  // Userinfo accepting the JWT access tokens (oidc-provider's own refuses tokens with an
  // audience), like Keycloak's: signature, issuer, audience and a live session are checked.
  const userinfo = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-store');
    const header = request.headers.authorization ?? '';
    const token =
      /^Bearer\s+(\S+)$/i.exec(header)?.[1] ??
      (request.method === 'POST' ? readForm(userinfoForm, request.body).access_token : undefined);
    const refuse = (error: string, description: string) =>
      reply
        .code(401)
        .header('WWW-Authenticate', `Bearer realm="${config.auth.realm}", error="${error}"`)
        .send({ error, error_description: description });
    if (!token) return refuse('invalid_request', 'Token not provided');
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, getKey, {
        issuer: config.auth.issuer,
        audience,
        algorithms: ['RS256'],
      }));
    } catch {
      return refuse('invalid_token', 'Token verification failed');
    }
    const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
    if (sid && !(await isSessionActive(db, sid))) {
      return refuse('invalid_token', 'User session not found or doesn\u2019t have client attached');
    }
    const user = typeof payload.sub === 'string' ? await findUserById(db, payload.sub) : undefined;
    if (!user) return refuse('invalid_token', 'User not found');
    const scopes = new Set(String(payload.scope ?? '').split(' '));
    const all = standardClaims(user);
    return reply.send({
      sub: all.sub,
      ...(scopes.has('profile')
        ? {
            name: all.name,
            given_name: all.given_name,
            family_name: all.family_name,
            preferred_username: all.preferred_username,
          }
        : {}),
      ...(scopes.has('email') ? { email: all.email, email_verified: all.email_verified } : {}),
    });
  };
  app.get('/userinfo', { schema: hide }, userinfo);
  app.post('/userinfo', { schema: hide }, userinfo);
}
