import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { lookup } from 'node:dns/promises';
import path from 'node:path';
import pg from 'pg';
import { REHEARSAL_BRAND_ADMIN, REHEARSAL_DECIDER, REHEARSAL_STAFF } from './back-office';
import { startInbox, startSmsGateway, startSmtpRelay, type SmsGateway, type SmtpRelay } from './fakes';

// Tessera in production shape on one machine (docs/deployment.md), for the rehearsal: Caddy
// terminating TLS (its own internal CA) for the portal, the PIN frame, the stand-in iDIN broker
// and the SMS gateway; two Tessera processes with NODE_ENV=production on PostgreSQL and Redis,
// started as the Dockerfile's image starts them (prepareImage below), after `tessera db migrate`
// and the operator's imports; SMTP with STARTTLS and a login; the sandbox bank as its own process;
// the back office on a host of its own, its staff signing in at a sandbox staff provider that is
// also a process of its own, on its own host (docs/decisions/033).

export const ROOT = path.resolve(import.meta.dirname, '../..');
const MANIFESTS = ['package.json', 'package-lock.json', 'packages/contracts/package.json', 'apps/server/package.json', 'apps/web/package.json', 'apps/admin/package.json', 'e2e/package.json'];
/** What the image copies from the build stage (Dockerfile, last stage). */
const BUILT = ['apps/server/dist', 'apps/web/dist', 'apps/web/dist-ssr', 'apps/admin/dist'];

/**
 * A directory laid out as the Dockerfile's image: the production dependencies installed the way
 * its production-dependencies stage installs them (`npm ci --omit=dev --workspace apps/server`),
 * and the build's outputs. A server that needed a dev dependency, or a file the image leaves
 * out, fails here as it would in the container. The install is kept per lockfile (it compiles
 * better-sqlite3: about a minute), the build copied fresh each run.
 */
function prepareImage(): string {
  const hash = createHash('sha256');
  for (const file of MANIFESTS) hash.update(readFileSync(path.join(ROOT, file)));
  const image = path.join(ROOT, 'node_modules/.cache/tessera-rehearsal-image', hash.digest('hex').slice(0, 16));
  if (!existsSync(path.join(image, '.installed'))) {
    rmSync(image, { recursive: true, force: true });
    for (const file of MANIFESTS) cpSync(path.join(ROOT, file), path.join(image, file));
    console.log('installing the production dependencies as the image does (npm ci --omit=dev --workspace apps/server)');
    execFileSync('npm', ['ci', '--omit=dev', '--workspace', 'apps/server', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: image, stdio: ['ignore', 'ignore', 'inherit'] });
    writeFileSync(path.join(image, '.installed'), new Date().toISOString());
  }
  for (const dir of BUILT) {
    if (!existsSync(path.join(ROOT, dir))) throw new Error(`${dir} is missing: run npm run build first`);
    rmSync(path.join(image, dir), { recursive: true, force: true });
    cpSync(path.join(ROOT, dir), path.join(image, dir), { recursive: true });
  }
  return image;
}

export const HOSTS = {
  portal: 'portal.localhost',
  pin: 'pin.localhost',
  admin: 'admin.localhost',
  idin: 'idin.localhost',
  // Not under the portal's or the back office's host: production refuses the staff sandbox there,
  // where the embedded one would answer (config/staff.ts).
  staffIdp: 'staff-idp.localhost',
  sms: 'sms.localhost',
} as const;


export interface StackPorts {
  https: number;
  replicas: [number, number];
  broker: number;
  staffIdp: number;
  smtp: number;
  sms: number;
  inbox: number;
  caddyHttp: number;
}

export const DEFAULT_PORTS: StackPorts = {
  https: Number(process.env.REHEARSAL_HTTPS_PORT ?? 18443),
  replicas: [18101, 18102],
  broker: 18111,
  staffIdp: 18114,
  smtp: 18125,
  sms: 18112,
  inbox: 18113,
  caddyHttp: 18080,
};

const key = () => randomBytes(32).toString('base64');
const hex = (n: number) => randomBytes(n).toString('hex');

export interface Replica {
  name: string;
  port: number;
  process: ChildProcess;
  /** Every line the process wrote (JSON log lines), for the request counts and for failures. */
  logFile: string;
}

export class Stack {
  readonly dir: string;
  readonly ports: StackPorts;
  readonly portalUrl: string;
  readonly pinUrl: string;
  /** The back office's ADMIN_URL. */
  readonly backOfficeUrl: string;
  /** The staff provider's issuer, on its own host. */
  readonly staffIssuerUrl: string;
  readonly inboxUrl: string;
  readonly schema = `rehearsal_${hex(4)}`;
  readonly adminUrl = process.env.REHEARSAL_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  readonly metricsToken = hex(24);
  readonly caBundle: string;
  env: Record<string, string> = {};
  /** Where the processes run from: the image's layout (prepareImage). */
  image = ROOT;
  relay!: SmtpRelay;
  gateway!: SmsGateway;
  replicas: Replica[] = [];
  #closers: Array<() => Promise<void> | void> = [];
  #caddy?: ChildProcess;
  #broker?: ChildProcess;
  #staffIdp?: ChildProcess;

  get #dist(): string {
    return path.join(this.image, 'apps/server/dist');
  }

  constructor(dir: string, ports: StackPorts = DEFAULT_PORTS) {
    this.dir = dir;
    this.ports = ports;
    this.portalUrl = `https://${HOSTS.portal}:${ports.https}`;
    this.pinUrl = `https://${HOSTS.pin}:${ports.https}`;
    this.backOfficeUrl = `https://${HOSTS.admin}:${ports.https}`;
    this.staffIssuerUrl = `https://${HOSTS.staffIdp}:${ports.https}/sandbox/staff`;
    this.inboxUrl = `http://127.0.0.1:${ports.inbox}`;
    this.caBundle = path.join(dir, 'ca-bundle.pem');
  }

  /** Caddy, the fakes, the broker, the staff provider, the database with the brands, cards and staff grants, and both replicas. */
  async start(cardsCsv: string): Promise<void> {
    await checkHostnames();
    this.image = prepareImage();
    for (const file of ['main.js', 'cli.js', 'sandbox-idin.js', 'sandbox-staff.js']) {
      if (!existsSync(path.join(this.#dist, file))) throw new Error(`apps/server/dist/${file} is missing: run npm run build first`);
    }
    const smtpCert = this.#smtpCertificate();
    const smtpUser = 'tessera';
    const smtpPassword = hex(16);
    this.relay = await startSmtpRelay({ port: this.ports.smtp, ...smtpCert, user: smtpUser, password: smtpPassword });
    this.#closers.push(() => this.relay.close());
    const accountSid = `AC${hex(16)}`;
    const authToken = hex(16);
    this.gateway = await startSmsGateway({ port: this.ports.sms, accountSid, authToken });
    this.#closers.push(() => this.gateway.close());
    const inbox = await startInbox({ port: this.ports.inbox, relay: this.relay, gateway: this.gateway });
    this.#closers.push(() => inbox.close());

    await this.#startCaddy();
    // Tessera and the broker trust Caddy's internal CA and the relay's certificate, as a
    // production host trusts the public CAs: nothing runs with certificate checks off.
    writeFileSync(this.caBundle, `${readFileSync(this.#caddyRoot(), 'utf8')}\n${smtpCert.cert}`);

    const clientSecret = hex(24);
    this.#broker = this.#spawn('broker', path.join(this.#dist, 'sandbox-idin.js'), {
      SANDBOX_ISSUER_URL: `https://${HOSTS.idin}:${this.ports.https}/sandbox/idin`,
      SANDBOX_PORTAL_URL: this.portalUrl,
      SANDBOX_CLIENT_ID: 'tessera-portal',
      SANDBOX_CLIENT_SECRET: clientSecret,
      PORT: String(this.ports.broker),
      TRUST_PROXY: 'true',
    });
    // The staff's identity provider, as the bank: its own process on its own https origin.
    const staffClientSecret = hex(24);
    this.#staffIdp = this.#spawn('staff-idp', path.join(this.#dist, 'sandbox-staff.js'), {
      SANDBOX_ISSUER_URL: this.staffIssuerUrl,
      SANDBOX_ADMIN_URL: this.backOfficeUrl,
      SANDBOX_CLIENT_ID: 'tessera-back-office',
      SANDBOX_CLIENT_SECRET: staffClientSecret,
      PORT: String(this.ports.staffIdp),
      TRUST_PROXY: 'true',
    });

    const admin = new pg.Client({ connectionString: this.adminUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${this.schema}`);
    await admin.end();
    this.#closers.push(async () => {
      const client = new pg.Client({ connectionString: this.adminUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${this.schema} CASCADE`);
      await client.end();
    });

    this.env = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      PUBLIC_URL: this.portalUrl,
      PIN_FRAME_URL: this.pinUrl,
      // Caddy is the one hop in front (deploy/Caddyfile).
      TRUST_PROXY: '1',
      DATABASE_URL: this.adminUrl,
      DATABASE_SCHEMA: this.schema,
      DATABASE_POOL_MAX: '10',
      REDIS_URL: 'redis://127.0.0.1:6379/7',
      DATA_KEYS: `1:${key()}`,
      PIN_KEYS: `1:${key()}`,
      INDEX_KEY: key(),
      SECRET_PEPPERS: `1:${key()}`,
      CAPTCHA_PROVIDER: 'altcha',
      ALTCHA_HMAC_KEY: hex(24),
      METRICS_TOKEN: this.metricsToken,
      RATE_LIMIT_PER_MINUTE: '100000',
      MAIL_ADAPTER: 'smtp',
      MAIL_FROM: 'Tessera <no-reply@portal.localhost>',
      SMTP_HOST: 'localhost',
      SMTP_PORT: String(this.ports.smtp),
      SMTP_USER: smtpUser,
      SMTP_PASSWORD: smtpPassword,
      SMTP_TIMEOUT_SECONDS: '5',
      SMS_ADAPTER: 'twilio',
      SMS_FROM: 'Tessera',
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_API_URL: `https://${HOSTS.sms}:${this.ports.https}`,
      SMS_TIMEOUT_SECONDS: '5',
      WEBHOOK_TIMEOUT_SECONDS: '5',
      // A replica killed mid-send holds its message this long before the other sends it.
      OUTBOX_LEASE_SECONDS: '20',
      OUTBOX_POLL_INTERVAL_MS: '500',
      OUTBOX_RETRY_BASE_SECONDS: '2',
      OUTBOX_RETRY_MAX_SECONDS: '10',
      PAYOUT_DEBTOR_NAME: 'Tessera Rehearsal B.V.',
      PAYOUT_DEBTOR_IBAN: 'NL91ABNA0417164300',
      IDENTITY_ADAPTER: 'oidc',
      IDIN_ISSUER_URL: `https://${HOSTS.idin}:${this.ports.https}/sandbox/idin`,
      IDIN_CLIENT_ID: 'tessera-portal',
      IDIN_CLIENT_SECRET: clientSecret,
      ADMIN_URL: this.backOfficeUrl,
      STAFF_OIDC_ISSUER: this.staffIssuerUrl,
      STAFF_OIDC_CLIENT_ID: 'tessera-back-office',
      STAFF_OIDC_CLIENT_SECRET: staffClientSecret,
      NODE_EXTRA_CA_CERTS: this.caBundle,
    };

    // The operator's steps before the replicas start (docs/deployment.md): migrate, import the brands, the cards.
    this.tessera(['db', 'migrate']);
    for (const brand of ['demo', 'acme']) this.tessera(['brands', 'import', path.join(ROOT, 'apps/server/src/demo/brands', brand, 'brand.json'), '--by', 'rehearsal']);
    const csv = path.join(this.dir, 'cards.csv');
    writeFileSync(csv, cardsCsv);
    this.tessera(['cards', 'import', csv, '--by', 'rehearsal']);
    // Production has no demo staff: whoever signs in needs a grant, made here as an operator makes one.
    for (const staff of [REHEARSAL_STAFF, REHEARSAL_DECIDER, REHEARSAL_BRAND_ADMIN]) this.tessera(['staff', 'grant', staff.email, staff.role, '--brand', staff.brand, '--by', 'rehearsal']);

    for (const [i, port] of this.ports.replicas.entries()) this.replicas.push(this.#startReplica(`replica-${'ab'[i]}`, port));
    await Promise.all([
      ...this.replicas.map((r) => waitFor(`http://127.0.0.1:${r.port}/readyz`, r.name)),
      waitFor(`http://127.0.0.1:${this.ports.broker}/readyz`, 'broker'),
      waitFor(`http://127.0.0.1:${this.ports.staffIdp}/readyz`, 'staff provider'),
    ]);
    await waitFor(`${this.portalUrl}/readyz`, 'the portal through Caddy', this.caBundle);
  }

  /** The operator's tool against the rehearsal's database, as on a production host. */
  tessera(args: string[]): string {
    return execFileSync(process.execPath, [path.join(this.#dist, 'cli.js'), ...args], {
      cwd: this.image,
      env: { ...process.env, ...this.env, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  }

  /** SIGKILL: no shutdown hook runs, as when a host dies or the kernel's OOM killer strikes. */
  kill(replica: Replica): void {
    replica.process.kill('SIGKILL');
  }

  /** The same replica again, on the same port, appending to its log. */
  async restart(replica: Replica): Promise<Replica> {
    await new Promise<void>((resolve) => (replica.process.exitCode !== null || replica.process.signalCode !== null ? resolve() : replica.process.once('exit', () => resolve())));
    const again = this.#startReplica(replica.name, replica.port);
    this.replicas[this.replicas.indexOf(replica)] = again;
    await waitFor(`http://127.0.0.1:${again.port}/readyz`, again.name);
    return again;
  }

  /** One replica's Prometheus metrics (bearer METRICS_TOKEN), straight from its port. */
  async metrics(replica: Replica): Promise<string> {
    const res = await fetch(`http://127.0.0.1:${replica.port}/metrics`, { headers: { authorization: `Bearer ${this.metricsToken}` } });
    if (!res.ok) throw new Error(`${replica.name} /metrics: ${res.status}`);
    return res.text();
  }

  async stop(): Promise<void> {
    for (const replica of this.replicas) if (replica.process.exitCode === null && replica.process.signalCode === null) replica.process.kill('SIGTERM');
    await Promise.all(this.replicas.map((r) => exited(r.process)));
    this.#broker?.kill('SIGTERM');
    this.#staffIdp?.kill('SIGTERM');
    this.#caddy?.kill('SIGTERM');
    await Promise.all([this.#broker, this.#staffIdp, this.#caddy].filter((p): p is ChildProcess => !!p).map(exited));
    for (const close of this.#closers.reverse()) await close();
  }

  #startReplica(name: string, port: number): Replica {
    const logFile = path.join(this.dir, `${name}.log`);
    const child = this.#spawn(name, path.join(this.#dist, 'main.js'), { ...this.env, PORT: String(port) }, logFile);
    return { name, port, process: child, logFile };
  }

  #spawn(name: string, script: string, env: Record<string, string>, logFile = path.join(this.dir, `${name}.log`)): ChildProcess {
    const out = createWriteStream(logFile, { flags: 'a' });
    // As the image runs them: node from the image's directory, only the settings given (no dev tree, no inherited environment).
    const child = spawn(process.execPath, ['--enable-source-maps', script], { cwd: this.image, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    orphanGuard(child);
    child.stdout!.pipe(out, { end: false });
    child.stderr!.pipe(out, { end: false });
    child.once('exit', () => setTimeout(() => out.end(), 100));
    return child;
  }

  async #startCaddy(): Promise<void> {
    const caddy = ['/usr/bin/caddy', '/usr/local/bin/caddy'].find(existsSync);
    if (!caddy) throw new Error("Caddy is missing: apt-get install -y caddy (.ci/run installs it)");
    const { https, caddyHttp, replicas, broker, staffIdp, sms } = this.ports;
    const caddyfile = path.join(this.dir, 'Caddyfile');
    // The same site block as deploy/Caddyfile for the portal, the PIN frame and the back office;
    // the broker, the staff provider and the gateway stand where their providers would be, on TLS like them.
    // Active health checks only, as deploy/Caddyfile: with passive ones (fail_duration), requests in
    // flight at the kill, retried on the live replica after their body was read ("invalid Read on
    // closed Body"), counted as the live replica's failures, and Caddy answered 503 "no upstreams
    // available" for 10 s. A dial to the dead replica is retried on the other (lb_try_duration).
    writeFileSync(
      caddyfile,
      `{
	admin off
	http_port ${caddyHttp}
	https_port ${https}
	skip_install_trust
	local_certs
}
${HOSTS.portal}:${https}, ${HOSTS.pin}:${https}, ${HOSTS.admin}:${https} {
	encode zstd gzip
	reverse_proxy ${replicas.map((p) => `127.0.0.1:${p}`).join(' ')} {
		header_up X-Request-Id {http.request.uuid}
		lb_policy round_robin
		lb_try_duration 5s
		health_uri /readyz
		health_interval 1s
		health_timeout 1s
	}
}
${HOSTS.idin}:${https} {
	reverse_proxy 127.0.0.1:${broker}
}
${HOSTS.staffIdp}:${https} {
	reverse_proxy 127.0.0.1:${staffIdp}
}
${HOSTS.sms}:${https} {
	reverse_proxy 127.0.0.1:${sms}
}
`,
    );
    mkdirSync(path.join(this.dir, 'caddy'), { recursive: true });
    this.#caddy = spawn(caddy, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
      env: { PATH: process.env.PATH ?? '', HOME: this.dir, XDG_DATA_HOME: path.join(this.dir, 'caddy'), XDG_CONFIG_HOME: path.join(this.dir, 'caddy') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    orphanGuard(this.#caddy);
    const log = createWriteStream(path.join(this.dir, 'caddy.log'));
    this.#caddy.stdout!.pipe(log);
    this.#caddy.stderr!.pipe(log);
    const until = Date.now() + 30_000;
    while (!existsSync(this.#caddyRoot())) {
      if (this.#caddy.exitCode !== null) throw new Error(`Caddy exited (${this.#caddy.exitCode}): see ${path.join(this.dir, 'caddy.log')}`);
      if (Date.now() > until) throw new Error('Caddy made no root certificate in 30 s');
      await sleep(200);
    }
  }

  #caddyRoot(): string {
    return path.join(this.dir, 'caddy/caddy/pki/authorities/local/root.crt');
  }

  /** A certificate for the relay's host name, made here: the relay's STARTTLS is real TLS, checked by Tessera. */
  #smtpCertificate(): { cert: string; key: string } {
    const keyFile = path.join(this.dir, 'smtp.key');
    const certFile = path.join(this.dir, 'smtp.crt');
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
      '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost', '-addext', 'basicConstraints=critical,CA:TRUE',
      '-keyout', keyFile, '-out', certFile,
    ], { stdio: 'ignore' });
    return { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
  }
}

/**
 * Chromium resolves *.localhost to the loopback address itself; Node asks the system, and glibc
 * knows only "localhost". The rehearsal's names go into /etc/hosts when they are missing.
 */
async function checkHostnames(): Promise<void> {
  const missing: string[] = [];
  for (const host of Object.values(HOSTS)) {
    try {
      await lookup(host);
    } catch {
      missing.push(host);
    }
  }
  if (missing.length === 0) return;
  try {
    writeFileSync('/etc/hosts', `${readFileSync('/etc/hosts', 'utf8').replace(/\n?$/, '\n')}127.0.0.1 ${missing.join(' ')} # tessera rehearsal\n`);
  } catch (error) {
    throw new Error(`${missing.join(', ')} do not resolve and /etc/hosts is not writable (${(error as Error).message}): add "127.0.0.1 ${missing.join(' ')}" to it`);
  }
}

/** Children die with the rehearsal, however it ends: none is left holding a port for the next run. */
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
export function orphanGuard(child: ChildProcess): void {
  children.add(child);
  child.once('exit', () => children.delete(child));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Polls a URL until it answers 200 (a https URL through Caddy, trusting its CA). */
async function waitFor(url: string, what: string, ca?: string): Promise<void> {
  const until = Date.now() + 60_000;
  let last = '';
  while (Date.now() < until) {
    try {
      const status = ca ? await httpsStatus(url, ca) : (await fetch(url)).status;
      if (status === 200) return;
      last = `status ${status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await sleep(300);
  }
  throw new Error(`${what} did not become ready in 60 s (${last})`);
}

async function httpsStatus(url: string, caFile: string): Promise<number> {
  const https = await import('node:https');
  return new Promise((resolve, reject) => {
    const req = https.get(url, { ca: readFileSync(caFile) }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.setTimeout(5000, () => req.destroy(new Error('timeout')));
  });
}
