/**
 * An OpenID Connect client for tests: drives the embedded provider through `app.inject` like a
 * browser (cookies by path, redirects, the real login form) and, for the protocol, uses
 * oauth4webapi (a maintained, certified relying-party library): discovery, PKCE S256, the
 * authorization response's `state`, the code exchange and the ID token's claims (`iss`, `aud`,
 * `nonce`, expiry) are checked by it, not by hand. Raw `exchange` and `refresh` stay for tests
 * that look at refusals.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import * as oauth from 'oauth4webapi';
import type { Config } from '../src/config';
import type { Db } from '../src/db/client';
import { users } from '../src/db/schema';
import { hashPassword } from '../src/identity/passwords';

export const TEST_PASSWORD = 'Richtig!2026';

interface StoredCookie {
  value: string;
  path: string;
}

/** Cookies as a browser keeps them: by name and path, sent on matching paths. */
export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  store(response: LightMyRequestResponse) {
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      path?: string;
      expires?: Date;
      maxAge?: number;
    }[]) {
      const key = `${cookie.name}|${cookie.path ?? '/'}`;
      const expired =
        cookie.value === '' ||
        (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now()) ||
        (cookie.maxAge !== undefined && cookie.maxAge <= 0);
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { value: cookie.value, path: cookie.path ?? '/' });
    }
  }

  header(url: string): string {
    const path = new URL(url, 'http://localhost').pathname;
    return [...this.cookies.entries()]
      .filter(
        ([, cookie]) =>
          path === cookie.path || path.startsWith(`${cookie.path.replace(/\/$/, '')}/`),
      )
      .map(([key, cookie]) => `${key.split('|')[0]}=${cookie.value}`)
      .join('; ');
  }

  names(): string[] {
    return [...this.cookies.keys()].map((key) => key.split('|')[0]!);
  }
}

export interface Tokens {
  access_token: string;
  id_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: string;
  scope: string;
}

export interface CreatedUser {
  id: string;
  email: string;
  password: string;
}

let counter = 0;

/** Creates a user directly in the database (no demo seed needed). */
export async function createUser(
  db: Db,
  values: {
    email?: string;
    firstName?: string;
    lastName?: string;
    realmRoles?: string[];
    totpSecret?: string | null;
    password?: string;
  } = {},
): Promise<CreatedUser> {
  counter += 1;
  const email = values.email ?? `user${counter}-${randomBytes(4).toString('hex')}@test.example`;
  const password = values.password ?? TEST_PASSWORD;
  const [row] = await db
    .insert(users)
    .values({
      email,
      firstName: values.firstName ?? 'Erika',
      lastName: values.lastName ?? 'Mustermann',
      passwordHash: await hashPassword(password),
      realmRoles: values.realmRoles ?? ['client'],
      totpSecret: values.totpSecret ?? null,
      hasAccountActivated: true,
    })
    .returning({ id: users.id });
  return { id: row!.id, email, password };
}

/** A PKCE verifier and its S256 challenge (oauth4webapi). */
export async function pkcePair() {
  const verifier = oauth.generateRandomCodeVerifier();
  return { verifier, challenge: await oauth.calculatePKCECodeChallenge(verifier) };
}

/** A light-my-request answer as a fetch `Response`, for oauth4webapi's custom fetch. */
function toResponse(response: LightMyRequestResponse): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [String(value)]) headers.append(name, item);
  }
  const empty = response.statusCode === 204 || response.statusCode === 304;
  return new Response(empty ? null : new Uint8Array(response.rawPayload), {
    status: response.statusCode,
    headers,
  });
}

/** A browser plus public client against one app. */
export class TestBrowser {
  readonly jar = new CookieJar();
  readonly host: string;
  readonly issuerPath: string;
  readonly redirectUri: string;

  constructor(
    /** The server this browser talks to; swap it to talk to another process on one database. */
    public app: FastifyInstance,
    private readonly config: Config,
    private readonly address = '203.0.113.10',
  ) {
    this.host = new URL(config.publicUrl).host;
    this.issuerPath = new URL(config.auth.issuer).pathname;
    this.redirectUri = `${config.publicUrl}/signin-callback`;
  }

  private server: Promise<oauth.AuthorizationServer> | undefined;

  /** Options for oauth4webapi: requests go through `app.inject` with this browser's address. */
  private get protocolOptions() {
    return {
      [oauth.customFetch]: async (url: string, init: RequestInit) => {
        const headers = Object.fromEntries(new Headers(init.headers).entries());
        const body = init.body === undefined || init.body === null ? undefined : String(init.body);
        const method = (init.method ?? 'GET').toUpperCase() as 'GET' | 'POST';
        const response = await this.app.inject({
          method,
          url: new URL(url).pathname + new URL(url).search,
          remoteAddress: this.address,
          headers: { ...headers, host: this.host },
          ...(body !== undefined ? { payload: body } : {}),
        });
        return toResponse(response);
      },
      // The test server's public URL is plain http.
      [oauth.allowInsecureRequests]: true,
    };
  }

  /** The provider's metadata, discovered and checked by oauth4webapi (once per browser). */
  authorizationServer(): Promise<oauth.AuthorizationServer> {
    this.server ??= (async () => {
      const issuer = new URL(this.config.auth.issuer);
      const response = await oauth.discoveryRequest(issuer, {
        ...this.protocolOptions,
        algorithm: 'oidc',
      });
      return oauth.processDiscoveryResponse(issuer, response);
    })();
    return this.server;
  }

  private get client(): oauth.Client {
    return { client_id: this.config.auth.clientId };
  }

  endpoint(name: 'auth' | 'token' | 'userinfo' | 'logout' | 'certs' | 'revoke') {
    return `${this.issuerPath}/protocol/openid-connect/${name}`;
  }

  async request(
    method: 'GET' | 'POST',
    url: string,
    options: { form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    const path = url.startsWith('http') ? new URL(url).pathname + new URL(url).search : url;
    const cookie = this.jar.header(path);
    const response = await this.app.inject({
      method,
      url: path,
      // The socket address: without TRUST_PROXY the server ignores X-Forwarded-For.
      remoteAddress: this.address,
      headers: {
        host: this.host,
        ...(cookie ? { cookie } : {}),
        ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...options.headers,
      },
      ...(options.form ? { payload: new URLSearchParams(options.form).toString() } : {}),
    });
    this.jar.store(response);
    return response;
  }

  /** Starts an authorization request; answers the provider's response (a redirect). */
  async authorize(extra: Record<string, string> = {}) {
    const pkce = await pkcePair();
    const state = oauth.generateRandomState();
    const nonce = oauth.generateRandomNonce();
    const params = new URLSearchParams({
      client_id: this.config.auth.clientId,
      response_type: 'code',
      redirect_uri: this.redirectUri,
      scope: 'openid profile email offline_access',
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
      state,
      nonce,
      ...extra,
    });
    const response = await this.request('GET', `${this.endpoint('auth')}?${params}`);
    return { response, verifier: pkce.verifier, state, nonce: params.get('nonce') ?? nonce };
  }

  /** Follows redirects within the server until one leaves for the app (or a page answers). */
  async follow(response: LightMyRequestResponse): Promise<LightMyRequestResponse> {
    let current = response;
    for (let hops = 0; hops < 10; hops += 1) {
      const location = current.headers.location;
      if (current.statusCode < 300 || current.statusCode >= 400 || typeof location !== 'string') {
        return current;
      }
      const target = new URL(location, this.config.publicUrl);
      if (!target.pathname.startsWith(this.issuerPath)) return current;
      current = await this.request('GET', target.pathname + target.search);
    }
    throw new Error('too many redirects');
  }

  /** The code from a redirect to the app's callback. */
  codeFrom(response: LightMyRequestResponse, state?: string): string {
    const location = String(response.headers.location ?? '');
    if (!location.startsWith(this.redirectUri)) {
      throw new Error(
        `expected a redirect to the callback, got ${response.statusCode} ${location}`,
      );
    }
    const url = new URL(location);
    if (state !== undefined && url.searchParams.get('state') !== state) {
      throw new Error('state mismatch');
    }
    const code = url.searchParams.get('code');
    if (!code) throw new Error(`no code in ${location}`);
    return code;
  }

  async exchange(code: string, verifier: string) {
    return this.request('POST', this.endpoint('token'), {
      form: {
        grant_type: 'authorization_code',
        client_id: this.config.auth.clientId,
        redirect_uri: this.redirectUri,
        code,
        code_verifier: verifier,
      },
    });
  }

  async refresh(refreshToken: string) {
    return this.request('POST', this.endpoint('token'), {
      form: {
        grant_type: 'refresh_token',
        client_id: this.config.auth.clientId,
        refresh_token: refreshToken,
      },
    });
  }

  /**
   * Completes an authorization whose redirect to the app's callback is `callback`, as a relying
   * party must: oauth4webapi checks the response's `state` and `iss`, exchanges the code with
   * the PKCE verifier, and validates the token response and its ID token (`nonce` included).
   */
  async complete(
    callback: LightMyRequestResponse,
    started: { verifier: string; state: string; nonce: string },
  ): Promise<Tokens> {
    const as = await this.authorizationServer();
    const location = String(callback.headers.location ?? '');
    if (!location.startsWith(this.redirectUri)) {
      throw new Error(
        `expected a redirect to the callback, got ${callback.statusCode} ${location}`,
      );
    }
    const parameters = oauth.validateAuthResponse(
      as,
      this.client,
      new URL(location),
      started.state,
    );
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      this.client,
      oauth.None(),
      parameters,
      this.redirectUri,
      started.verifier,
      this.protocolOptions,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, this.client, response, {
      expectedNonce: started.nonce,
      requireIdToken: true,
    });
    return tokens as unknown as Tokens;
  }

  /** A refresh as a relying party does it (oauth4webapi validates the answer). */
  async renew(refreshToken: string): Promise<Tokens> {
    const as = await this.authorizationServer();
    const response = await oauth.refreshTokenGrantRequest(
      as,
      this.client,
      oauth.None(),
      refreshToken,
      this.protocolOptions,
    );
    return (await oauth.processRefreshTokenResponse(
      as,
      this.client,
      response,
    )) as unknown as Tokens;
  }

  /** The whole sign-in through the real login form; answers the validated token response. */
  async signIn(user: { email: string; password: string }): Promise<Tokens> {
    const started = await this.authorize();
    const loginUrl = String(started.response.headers.location);
    const page = await this.request('GET', loginUrl);
    if (page.statusCode !== 200) throw new Error(`login page answered ${page.statusCode}`);
    const submitted = await this.request('POST', loginUrl, {
      form: { email: user.email, password: user.password },
    });
    return this.complete(await this.follow(submitted), started);
  }
}
