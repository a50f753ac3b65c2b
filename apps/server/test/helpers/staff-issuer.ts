import { createHash, generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the next ID token says beyond iss, aud, sub, iat, exp and nonce (absent: not in the token). */
export interface StaffIssuerClaims {
  email?: unknown;
  email_verified?: unknown;
  amr?: unknown;
}

const CLIENT_ID = 'tessera-back-office-test';
const CLIENT_SECRET = 'the-client-secret-of-this-test-issuer';

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/**
 * An OpenID Connect provider of the test's own, for ID tokens the sandbox never issues (no
 * e-mail, an unverified one): discovery, keys and a token endpoint over real HTTP, so the back
 * office's client (openid-client) checks its answers as it would any provider's (signature, iss,
 * aud, exp, nonce, PKCE). The authorization step is the test's: it reads `state` and `nonce` from
 * the login's redirect and calls the callback with a code this issuer then exchanges.
 */
export async function startStaffIssuer() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomUUID();
  const codes = new Map<string, { nonce: string; codeChallenge: string; claims: StaffIssuerClaims }>();
  let issuer = '';

  const idToken = (nonce: string, claims: StaffIssuerClaims) => {
    const now = Math.floor(Date.now() / 1000);
    const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }));
    const payload = base64url(JSON.stringify({ iss: issuer, aud: CLIENT_ID, sub: 'staff-subject-1', iat: now, exp: now + 300, nonce, ...claims }));
    return `${header}.${payload}.${base64url(sign('sha256', Buffer.from(`${header}.${payload}`), privateKey))}`;
  };

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', issuer);
    const json = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}authorize`,
        token_endpoint: `${issuer}token`,
        jwks_uri: `${issuer}jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic'],
      });
    }
    if (url.pathname === '/jwks') return json(200, { keys: [{ ...publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' }] });
    if (url.pathname === '/token' && request.method === 'POST') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const form = new URLSearchParams(body);
        // client_secret_basic: each part form-encoded (RFC 6749 2.3.1), then base64.
        const basic = Buffer.from((request.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString().split(':').map((part) => decodeURIComponent(part));
        if (basic[0] !== CLIENT_ID || basic[1] !== CLIENT_SECRET) return json(401, { error: 'invalid_client' });
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        if (!grant || base64url(createHash('sha256').update(verifier).digest()) !== grant.codeChallenge) return json(400, { error: 'invalid_grant' });
        return json(200, { access_token: randomUUID(), token_type: 'Bearer', expires_in: 300, id_token: idToken(grant.nonce, grant.claims) });
      });
      return;
    }
    return json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  return {
    /** The settings that make the back office use this issuer. */
    env: { STAFF_OIDC_ISSUER: issuer, STAFF_OIDC_CLIENT_ID: CLIENT_ID, STAFF_OIDC_CLIENT_SECRET: CLIENT_SECRET },
    /**
     * The staff member signs in at this issuer: from the back office's redirect (its state, nonce
     * and PKCE challenge) to the callback URL's path and query, with a code whose ID token says `claims`.
     */
    authorize(authorizationUrl: string, claims: StaffIssuerClaims): string {
      const asked = new URL(authorizationUrl);
      if (asked.origin + '/' !== issuer || asked.searchParams.get('client_id') !== CLIENT_ID) throw new Error(`not a redirect to this issuer: ${asked.origin}`);
      const code = randomUUID();
      codes.set(code, { nonce: asked.searchParams.get('nonce')!, codeChallenge: asked.searchParams.get('code_challenge')!, claims });
      const callback = new URL(asked.searchParams.get('redirect_uri')!);
      callback.search = new URLSearchParams({ code, state: asked.searchParams.get('state')! }).toString();
      return callback.pathname + callback.search;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
