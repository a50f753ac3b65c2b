import { listenUntilSignalled, standaloneEnv } from '../sandbox-oidc/standalone-server.js';
import { standaloneStaffApp, standaloneStaffSettings } from './standalone-app.js';

/**
 * The sandbox staff provider as a process of its own (dist/sandbox-staff.js): the staff's identity
 * provider where a rehearsal runs the back office in production shape (ADMIN_URL, STAFF_OIDC_ISSUER
 * pointing here). Anyone can sign in as any demo staff member, so it never belongs in front of
 * real cards.
 *
 * Settings: SANDBOX_ISSUER_URL (the public https issuer, path included), SANDBOX_ADMIN_URL (the
 * back office's ADMIN_URL), SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET (client_secret_basic), PORT,
 * HOST, TRUST_PROXY (true behind a TLS proxy).
 */
const e = standaloneEnv('sandbox staff', standaloneStaffSettings);
await listenUntilSignalled(await standaloneStaffApp(e), e.PORT, e.HOST);
