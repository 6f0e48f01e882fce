/**
 * A small OpenID Connect client for tests: drives the embedded provider through `app.inject`
 * like a browser (cookies by path, redirects) and like oidc-client-ts (PKCE S256, code exchange).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../identity/passwords';

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

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
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
    const pkce = pkcePair();
    const state = randomBytes(8).toString('hex');
    const params = new URLSearchParams({
      client_id: this.config.auth.clientId,
      response_type: 'code',
      redirect_uri: this.redirectUri,
      scope: 'openid profile email offline_access',
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
      state,
      nonce: randomBytes(8).toString('hex'),
      ...extra,
    });
    const response = await this.request('GET', `${this.endpoint('auth')}?${params}`);
    return { response, verifier: pkce.verifier, state };
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

  /** The whole sign-in through the real login form; answers the token response. */
  async signIn(user: { email: string; password: string }): Promise<Tokens> {
    const { response, verifier, state } = await this.authorize();
    const loginUrl = String(response.headers.location);
    const page = await this.request('GET', loginUrl);
    if (page.statusCode !== 200) throw new Error(`login page answered ${page.statusCode}`);
    const submitted = await this.request('POST', loginUrl, {
      form: { email: user.email, password: user.password },
    });
    const callback = await this.follow(submitted);
    const tokens = await this.exchange(this.codeFrom(callback, state), verifier);
    if (tokens.statusCode !== 200) throw new Error(`token endpoint answered ${tokens.body}`);
    return tokens.json() as Tokens;
  }
}
