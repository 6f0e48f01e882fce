import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { bearer, demoToken } from '../../test/tokens';
import { DEMO_USERS } from '../db/seed/demo-ids';

/** IDENTITY_PROVIDER=external: keys come from the provider's JWKS URL (Keycloak's path). */
describe('bearer tokens of an external identity provider', () => {
  let t: TestApp;
  let server: Server;
  let privateJwk: JWK;
  let requestedPaths: string[];

  beforeAll(async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    privateJwk = { ...(await exportJWK(privateKey)), kid: 'kc-1', alg: 'RS256' };
    const publicJwk = { ...(await exportJWK(publicKey)), kid: 'kc-1', alg: 'RS256', use: 'sig' };
    requestedPaths = [];
    server = createServer((request, response) => {
      requestedPaths.push(request.url ?? '');
      if (request.url === '/auth/realms/portal/protocol/openid-connect/certs') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ keys: [publicJwk] }));
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await buildTestApp({
      IDENTITY_PROVIDER: 'external',
      AUTH_URL: `http://127.0.0.1:${port}/auth`,
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('verifies tokens against the remote JWKS', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/current',
      headers: bearer(await demoToken(t, 'anna', {}, { key: privateJwk })),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(DEMO_USERS.anna);
    expect(requestedPaths).toContain('/auth/realms/portal/protocol/openid-connect/certs');
  });

  it('refuses tokens signed with the embedded keys', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/current',
      headers: bearer(await demoToken(t, 'anna')),
    });
    expect(res.statusCode).toBe(401);
  });

  it('does not mount the embedded provider', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/auth/realms/portal/.well-known/openid-configuration',
    });
    expect(res.statusCode).toBe(404);
  });
});
