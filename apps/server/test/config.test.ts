import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseConfig, SETTING_NAMES } from '../src/config/index.js';
import { expectEveryKeyRefused, problemsOf, productionEnvWithout, randomKey } from './helpers/config.js';

const productionKeys = () => ({
  DATA_KEYS: `1:${randomKey()},2:${randomKey()}`,
  DATA_KEY_CURRENT: '2',
  PIN_KEYS: `1:${randomKey()}`,
  INDEX_KEY: randomKey(),
  SECRET_PEPPERS: `1:${randomKey()}`,
  SECRET_PEPPER_CURRENT: '1',
});

const productionMail = { SMTP_HOST: 'smtp.example.com', MAIL_FROM: 'Tessera <no-reply@cards.example.com>' };
/** What production needs besides mail since VISA: the SMS gateway and the https origins. */
const productionSmsAndFrame = {
  PUBLIC_URL: 'https://cards.example.com',
  TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
  TWILIO_AUTH_TOKEN: 'twilio-auth-token',
  SMS_FROM: 'Tessera',
  PIN_FRAME_URL: 'https://pin.cards.example.com',
};

describe('config', () => {
  it('has demo defaults outside production', () => {
    const config = parseConfig({});
    expect(config.port).toBe(8080);
    expect(config.demoMode).toBe(true);
    expect(config.captcha.provider).toBe('altcha');
    expect(config.captcha.altchaMaxNumber).toBe(100_000);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.pinFrameUrl).toBe('http://127.0.0.1:8080');
    expect(config.database).toMatchObject({ dialect: 'sqlite' });
    expect(config.rateLimitPerMinute).toBe(60);
    expect(config.webDist.replaceAll('\\', '/')).toMatch(/apps\/web\/dist$/);
    expect(config.keysFile.replaceAll('\\', '/')).toMatch(/data\/tessera\.keys\.json$/);
  });

  it('derives PUBLIC_URL and PIN_FRAME_URL from PORT and reads PostgreSQL URLs', () => {
    const config = parseConfig({ PORT: '9000', DATABASE_URL: 'postgres://u@localhost/db', DATABASE_SCHEMA: 'tenant_a' });
    expect(config.publicUrl).toBe('http://localhost:9000');
    expect(config.pinFrameUrl).toBe('http://127.0.0.1:9000');
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://u@localhost/db', schema: 'tenant_a', poolMax: 10 });
  });

  it('lists every bad key at once', () => {
    expectEveryKeyRefused({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      CAPTCHA_PROVIDER: 'hcaptcha',
      RATE_LIMIT_PER_MINUTE: '-1',
      LOG_LEVEL: 'loud',
      PUBLIC_URL: 'not a url',
      DEMO_MODE: 'maybe',
    });
  });

  it('refuses demo mode, the test captcha and missing keys in production, all at once', () => {
    const problems = problemsOf({ NODE_ENV: 'production', DEMO_MODE: 'true', CAPTCHA_PROVIDER: 'test' });
    const names = problems.map((p) => p.split(':')[0]);
    expect(names).toEqual(expect.arrayContaining(['DEMO_MODE', 'CAPTCHA_PROVIDER', 'DATA_KEYS', 'PIN_KEYS', 'INDEX_KEYS', 'SECRET_PEPPERS']));
  });

  it('refuses a production altcha without its HMAC key and recaptcha without its keys', () => {
    expect(problemsOf({ NODE_ENV: 'production', CAPTCHA_PROVIDER: 'altcha', ...productionKeys(), ...productionMail, ...productionSmsAndFrame })).toEqual([
      expect.stringMatching(/^ALTCHA_HMAC_KEY:/),
    ]);
    const recaptcha = problemsOf({ NODE_ENV: 'production', ...productionKeys(), ...productionMail, ...productionSmsAndFrame });
    expect(recaptcha.map((p) => p.split(':')[0]).sort()).toEqual(['RECAPTCHA_SECRET', 'RECAPTCHA_SITE_KEY']);
  });

  it('accepts a complete production configuration and turns demo mode off', () => {
    const config = parseConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://tessera@db/tessera',
      CAPTCHA_PROVIDER: 'altcha',
      ALTCHA_HMAC_KEY: 'a-long-enough-hmac-key-for-altcha',
      TRUST_PROXY: '1',
      ...productionKeys(),
      ...productionMail,
      ...productionSmsAndFrame,
      PUBLIC_URL: 'https://cards.example.com/',
    });
    expect(config.demoMode).toBe(false);
    expect(config.publicUrl).toBe('https://cards.example.com');
    expect(config.keys?.dataKeyCurrent).toBe(2);
    expect(config.keys?.dataKeys.size).toBe(2);
    expect(config.keys?.pinKeyCurrent).toBe(1);
    expect(config.trustProxy).toBe(1);
    expect(config.host).toBe('0.0.0.0');
    expect(config.mail).toEqual({
      adapter: 'smtp',
      from: { name: 'Tessera', address: 'no-reply@cards.example.com' },
      smtp: { host: 'smtp.example.com', port: 587, secure: false, requireTls: true, auth: undefined, timeoutMs: 30_000 },
    });
  });

  it('refuses in production what would fail open: no or an http PUBLIC_URL, http verify and frame addresses, TRUST_PROXY=true, shared key material', () => {
    const production = (env: Record<string, string>) => productionEnvWithout(['PUBLIC_URL'], env);
    expect(problemsOf(production({}))).toEqual([expect.stringMatching(/^PUBLIC_URL: required in production/)]);
    expect(problemsOf(production({ PUBLIC_URL: 'http://cards.example.com' }))).toEqual([expect.stringMatching(/^PUBLIC_URL: must be https/)]);
    const ok = { PUBLIC_URL: 'https://cards.example.com' };
    expect(problemsOf(production({ ...ok, PIN_FRAME_URL: 'http://pin.cards.example.com' }))).toEqual([expect.stringMatching(/^PIN_FRAME_URL: must be https/)]);
    expect(problemsOf(production({ ...ok, TRUST_PROXY: 'true' }))).toEqual([expect.stringMatching(/^TRUST_PROXY: true would take/)]);
    const recaptcha = { CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SECRET: 's', RECAPTCHA_SITE_KEY: 'k' };
    expect(problemsOf(production({ ...ok, ...recaptcha, RECAPTCHA_VERIFY_URL: 'http://verify.example.com/siteverify' }))).toEqual([
      expect.stringMatching(/^RECAPTCHA_VERIFY_URL: must be https/),
    ]);
    const key = randomKey();
    for (const shared of <Record<string, string>[]>[
      { DATA_KEYS: `1:${key}`, INDEX_KEY: key },
      { INDEX_KEY: key, SECRET_PEPPERS: `1:${key}` },
      { DATA_KEYS: `1:${randomKey()},2:${key}`, SECRET_PEPPERS: `4:${key}` },
      // The PIN keys are their own too: never a data key, the index key or a pepper.
      { DATA_KEYS: `1:${key}`, PIN_KEYS: `1:${key}` },
      { PIN_KEYS: `1:${randomKey()},2:${key}`, DATA_KEYS: `3:${randomKey()},4:${key}` },
      { PIN_KEYS: `1:${key}`, INDEX_KEY: key },
      { PIN_KEYS: `1:${key}`, SECRET_PEPPERS: `1:${key}` },
      // Every version of the blind index keys too: the one a rotation adds as much as the first.
      { INDEX_KEYS: `1:${randomKey()},2:${key}`, DATA_KEYS: `1:${key}` },
      { INDEX_KEYS: `1:${key}`, PIN_KEYS: `1:${key}` },
      { INDEX_KEYS: `2:${key}`, SECRET_PEPPERS: `1:${randomKey()},2:${key}` },
    ]) {
      // INDEX_KEYS stands in for the INDEX_KEY of productionEnv.
      const env = 'INDEX_KEYS' in shared ? { ...production({ ...ok, ...shared }), INDEX_KEY: '' } : production({ ...ok, ...shared });
      expect(problemsOf(env), JSON.stringify(Object.keys(shared))).toEqual([expect.stringMatching(/the same key material/)]);
    }
    // What production may take instead: a hop count or the proxies' addresses.
    expect(parseConfig(production({ ...ok, TRUST_PROXY: '2' })).trustProxy).toBe(2);
    expect(parseConfig(production({ ...ok, TRUST_PROXY: '10.0.0.1, 10.0.1.0/24' })).trustProxy).toEqual(['10.0.0.1', '10.0.1.0/24']);
  });

  it('keeps a demo that NODE_ENV left on to loopback addresses unless DEMO_MODE=true says it is meant', () => {
    for (const host of ['0.0.0.0', '::', '192.0.2.10', 'cards.example.com']) {
      expect(problemsOf({ HOST: host }), host).toEqual([expect.stringMatching(/^HOST: demo mode .* loopback addresses only/)]);
    }
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]']) expect(parseConfig({ HOST: host }).host, host).toBe(host);
    expect(parseConfig({}).host).toBe('localhost');
    expect(parseConfig({ HOST: '0.0.0.0', DEMO_MODE: 'true' })).toMatchObject({ host: '0.0.0.0', demoMode: true });
    // Without demo mode (and outside production) there is nothing to keep close.
    expect(parseConfig({ HOST: '0.0.0.0', DEMO_MODE: 'false' }).host).toBe('0.0.0.0');
  });

  it('migrates at start outside production only, unless MIGRATE_ON_START says otherwise', () => {
    expect(parseConfig({}).migrateOnStart).toBe(true);
    expect(parseConfig({ MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false);
    expect(parseConfig(productionEnvWithout([])).migrateOnStart).toBe(false);
    expect(parseConfig(productionEnvWithout([], { MIGRATE_ON_START: 'true' })).migrateOnStart).toBe(true);
  });

  it('keeps error reports 30 days unless ERROR_REPORT_RETENTION_DAYS says otherwise', () => {
    expect(parseConfig({}).errorReportRetentionDays).toBe(30);
    expect(parseConfig({ ERROR_REPORT_RETENTION_DAYS: '7' }).errorReportRetentionDays).toBe(7);
    for (const bad of ['0', '-1', '1.5', 'a month', '3651']) {
      expect(problemsOf({ ERROR_REPORT_RETENTION_DAYS: bad }), bad).toEqual([expect.stringMatching(/^ERROR_REPORT_RETENTION_DAYS:/)]);
    }
  });

  it('checks key formats and current versions', () => {
    const problems = problemsOf({
      DATA_KEYS: '1:tooshort',
      INDEX_KEY: 'abc',
      SECRET_PEPPERS: `1:${randomKey()}`,
      SECRET_PEPPER_CURRENT: '3',
    });
    expect(problems.map((p) => p.split(':')[0])).toEqual(expect.arrayContaining(['DATA_KEYS', 'INDEX_KEY']));
    const keys = { DATA_KEYS: `1:${randomKey()}`, PIN_KEYS: `1:${randomKey()}`, INDEX_KEY: randomKey(), SECRET_PEPPERS: `1:${randomKey()}` };
    expect(problemsOf({ ...keys, SECRET_PEPPER_CURRENT: '3' })).toEqual([expect.stringMatching(/^SECRET_PEPPER_CURRENT:/)]);
    expect(problemsOf({ ...keys, PIN_KEY_CURRENT: '2' })).toEqual([expect.stringMatching(/^PIN_KEY_CURRENT: version 2 is not in PIN_KEYS/)]);
    expect(problemsOf({ ...keys, PIN_KEYS: '1:tooshort' })).toEqual([expect.stringMatching(/^PIN_KEYS:/)]);
    // Keys from the environment come all together: the three older ones without PIN_KEYS are refused.
    const { PIN_KEYS: _omitted, ...withoutPinKeys } = keys;
    expect(problemsOf(withoutPinKeys)).toEqual([expect.stringMatching(/^PIN_KEYS: required/)]);
    const config = parseConfig({ ...keys, PIN_KEYS: `1:${randomKey()},2:${randomKey()}` });
    expect(config.keys?.pinKeyCurrent).toBe(2);
    expect(config.keys?.pinKeys.size).toBe(2);
  });

  describe('mail and the outbox', () => {
    const production = (env: Record<string, string>) => productionEnvWithout(['SMTP_HOST', 'MAIL_FROM'], env);

    it('delivers into the local mailbox by default outside production', () => {
      const config = parseConfig({});
      expect(config.mail).toEqual({ adapter: 'local', from: { name: undefined, address: 'no-reply@localhost' }, smtp: undefined });
      expect(config.outbox).toEqual({ pollIntervalMs: 2000, maxAttempts: 10, retryBaseMs: 30_000, retryMaxMs: 3_600_000, leaseMs: 300_000 });
    });

    it('uses SMTP once SMTP_HOST is set, and then needs MAIL_FROM', () => {
      expect(problemsOf({ SMTP_HOST: 'localhost' })).toEqual([expect.stringMatching(/^MAIL_FROM: required/)]);
      const config = parseConfig({ SMTP_HOST: 'localhost', SMTP_PORT: '1025', MAIL_FROM: 'dev@example.com' });
      expect(config.mail.adapter).toBe('smtp');
      // Outside production STARTTLS is used when offered but not required (a local catcher).
      expect(config.mail.smtp).toMatchObject({ host: 'localhost', port: 1025, secure: false, requireTls: false });
      expect(parseConfig({ MAIL_ADAPTER: 'local', SMTP_HOST: 'localhost' }).mail.adapter).toBe('local');
    });

    it('refuses the local mailbox in production', () => {
      expect(problemsOf(production({ MAIL_ADAPTER: 'local' }))).toEqual([expect.stringMatching(/^MAIL_ADAPTER: .*refused in production/)]);
    });

    it('refuses production without an SMTP host and a From address, listing both', () => {
      const names = problemsOf(production({})).map((p) => p.split(':')[0]).sort();
      expect(names).toEqual(['MAIL_FROM', 'SMTP_HOST']);
    });

    it('wants SMTP_USER and SMTP_PASSWORD together', () => {
      expect(problemsOf(production({ ...productionMail, SMTP_USER: 'tessera' }))).toEqual([expect.stringMatching(/^SMTP_PASSWORD:/)]);
      expect(problemsOf(production({ ...productionMail, SMTP_PASSWORD: 'pw' }))).toEqual([expect.stringMatching(/^SMTP_USER:/)]);
      const config = parseConfig(production({ ...productionMail, SMTP_USER: 'tessera', SMTP_PASSWORD: 'pw' }));
      expect(config.mail.smtp?.auth).toEqual({ user: 'tessera', password: 'pw' });
    });

    it('takes implicit TLS on port 465 and lets the operator relax STARTTLS', () => {
      expect(parseConfig(production({ ...productionMail, SMTP_PORT: '465' })).mail.smtp).toMatchObject({ port: 465, secure: true, requireTls: false });
      expect(parseConfig(production({ ...productionMail, SMTP_SECURE: 'true' })).mail.smtp).toMatchObject({ port: 465, secure: true });
      expect(parseConfig(production({ ...productionMail, SMTP_REQUIRE_TLS: 'false' })).mail.smtp).toMatchObject({ requireTls: false });
    });

    it('lists every bad mail and outbox key at once', () => {
      expectEveryKeyRefused({
        MAIL_ADAPTER: 'sendgrid',
        MAIL_FROM: 'not an address',
        SMTP_PORT: 'twenty-five',
        SMTP_SECURE: 'maybe',
        SMTP_TIMEOUT_SECONDS: '0',
        OUTBOX_POLL_INTERVAL_MS: '10',
        OUTBOX_MAX_ATTEMPTS: '-1',
      });
      expect(problemsOf({ OUTBOX_RETRY_BASE_SECONDS: '600', OUTBOX_RETRY_MAX_SECONDS: '60' })).toEqual([
        expect.stringMatching(/^OUTBOX_RETRY_MAX_SECONDS:/),
      ]);
    });

    it('leases a message for 5 minutes, or 4 times the longest send timeout, and refuses a shorter lease', () => {
      expect(parseConfig({}).outbox.leaseMs).toBe(300_000);
      expect(parseConfig({ SMTP_HOST: 'h', MAIL_FROM: 'a@b.example', SMTP_TIMEOUT_SECONDS: '120' }).outbox.leaseMs).toBe(480_000);
      const short = { SMTP_HOST: 'h', MAIL_FROM: 'a@b.example', SMTP_TIMEOUT_SECONDS: '5', SMS_TIMEOUT_SECONDS: '5', WEBHOOK_TIMEOUT_SECONDS: '5' };
      expect(parseConfig({ ...short, OUTBOX_LEASE_SECONDS: '20' }).outbox.leaseMs).toBe(20_000);
      expect(problemsOf({ ...short, OUTBOX_LEASE_SECONDS: '19' })).toEqual([expect.stringMatching(/^OUTBOX_LEASE_SECONDS: must be at least 20 /)]);
      // the webhook timeout counts even without SMTP or Twilio: webhooks always go out
      expect(problemsOf({ OUTBOX_LEASE_SECONDS: '30' })).toEqual([expect.stringMatching(/^OUTBOX_LEASE_SECONDS: must be at least 60 /)]);
    });

    it('gives a webhook 15 s to answer and refuses a longer timeout (Standard Webhooks, Svix)', () => {
      expect(parseConfig({}).webhooks.timeoutMs).toBe(15_000);
      expect(parseConfig({ WEBHOOK_TIMEOUT_SECONDS: '5' }).webhooks.timeoutMs).toBe(5_000);
      expect(problemsOf({ WEBHOOK_TIMEOUT_SECONDS: '16' })).toEqual([expect.stringMatching(/^WEBHOOK_TIMEOUT_SECONDS:/)]);
    });

    it('reads a From address with a display name', () => {
      expect(parseConfig({ SMTP_HOST: 'h', MAIL_FROM: '"Acme Kaarten" <kaart@acme.example>' }).mail.from).toEqual({
        name: 'Acme Kaarten',
        address: 'kaart@acme.example',
      });
      expect(problemsOf({ SMTP_HOST: 'h', MAIL_FROM: 'Evil\r\nBcc: x <a@b.example>' })).toEqual([expect.stringMatching(/^MAIL_FROM:/)]);
    });
  });
  describe('SMS and the PIN frame', () => {
    const production = (env: Record<string, string>) => productionEnvWithout(['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'SMS_FROM'], env);

    it('uses the local outbox by default and Twilio once TWILIO_ACCOUNT_SID is set', () => {
      expect(parseConfig({}).sms).toEqual({ adapter: 'local', twilio: undefined });
      const config = parseConfig({ TWILIO_ACCOUNT_SID: productionSmsAndFrame.TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN: 't', SMS_FROM: '+3197010203040' });
      expect(config.sms).toEqual({
        adapter: 'twilio',
        twilio: {
          apiUrl: 'https://api.twilio.com',
          accountSid: productionSmsAndFrame.TWILIO_ACCOUNT_SID,
          username: productionSmsAndFrame.TWILIO_ACCOUNT_SID,
          password: 't',
          from: '+3197010203040',
          messagingServiceSid: undefined,
          timeoutMs: 15_000,
        },
      });
    });

    it('refuses the local SMS adapter in production and lists every missing Twilio key', () => {
      expect(problemsOf(production({ SMS_ADAPTER: 'local' }))).toEqual([expect.stringMatching(/^SMS_ADAPTER: .*refused in production/)]);
      expect(problemsOf(production({})).map((p) => p.split(':')[0]).sort()).toEqual(['SMS_FROM', 'TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN']);
    });

    it('takes an API key instead of the auth token, and a Messaging Service instead of SMS_FROM', () => {
      const sid = productionSmsAndFrame.TWILIO_ACCOUNT_SID;
      const keySid = `SK${'1'.repeat(32)}`;
      const service = `MG${'2'.repeat(32)}`;
      const config = parseConfig(production({ TWILIO_ACCOUNT_SID: sid, TWILIO_API_KEY_SID: keySid, TWILIO_API_KEY_SECRET: 's', TWILIO_MESSAGING_SERVICE_SID: service }));
      expect(config.sms.twilio).toMatchObject({ accountSid: sid, username: keySid, password: 's', from: undefined, messagingServiceSid: service });
      expect(problemsOf(production({ TWILIO_ACCOUNT_SID: sid, TWILIO_API_KEY_SID: keySid, SMS_FROM: 'Tessera' }))).toEqual([
        expect.stringMatching(/^TWILIO_API_KEY_SID, TWILIO_API_KEY_SECRET:/),
      ]);
    });

    it('checks the formats of the Twilio ids and the sender', () => {
      expectEveryKeyRefused({ TWILIO_ACCOUNT_SID: 'AC123', TWILIO_MESSAGING_SERVICE_SID: 'XX', SMS_FROM: 'a sender that is far too long', SMS_ADAPTER: 'bird' });
    });

    it('gives the PIN frame an origin of its own: refuses the portal’s host, wants https in production', () => {
      expect(problemsOf({ PUBLIC_URL: 'http://localhost:8080', PIN_FRAME_URL: 'http://localhost:8080' })).toEqual([expect.stringMatching(/^PIN_FRAME_URL:/)]);
      expect(parseConfig({ PUBLIC_URL: 'http://127.0.0.1:8080' }).pinFrameUrl).toBe('http://localhost:8080');
      expect(problemsOf(production({ ...productionSmsAndFrame, PIN_FRAME_URL: 'http://pin.cards.example.com' }))).toEqual([
        expect.stringMatching(/^PIN_FRAME_URL: must be https/),
      ]);
    });
  });

  it('.env.example names every setting and, with real keys filled in, is a production configuration that starts', () => {
    const text = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
    const named = new Set([...text.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!));
    expect(SETTING_NAMES.filter((name) => !named.has(name))).toEqual([]);
    expect([...named].filter((name) => !SETTING_NAMES.includes(name))).toEqual([]);
    const env = Object.fromEntries([...text.matchAll(/^([A-Z][A-Z0-9_]+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]));
    const config = parseConfig({ ...env, DATA_KEYS: `1:${randomKey()}`, PIN_KEYS: `1:${randomKey()}`, INDEX_KEYS: `1:${randomKey()}`, SECRET_PEPPERS: `1:${randomKey()}` });
    expect(config).toMatchObject({ isProduction: true, demoMode: false, migrateOnStart: false, publicUrl: 'https://cards.example.com' });
  });
});

