import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/config.js';

const key = () => randomBytes(32).toString('base64');
const productionKeys = () => ({
  DATA_KEYS: `1:${key()},2:${key()}`,
  DATA_KEY_CURRENT: '2',
  INDEX_KEY: key(),
  SECRET_PEPPERS: `1:${key()}`,
  SECRET_PEPPER_CURRENT: '1',
});

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

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
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      CAPTCHA_PROVIDER: 'hcaptcha',
      RATE_LIMIT_PER_MINUTE: '-1',
      LOG_LEVEL: 'loud',
      PUBLIC_URL: 'not a url',
      DEMO_MODE: 'maybe',
    });
    for (const name of ['PORT', 'DATABASE_URL', 'CAPTCHA_PROVIDER', 'RATE_LIMIT_PER_MINUTE', 'LOG_LEVEL', 'PUBLIC_URL', 'DEMO_MODE']) {
      expect(problems.some((p) => p.startsWith(`${name}:`)), name).toBe(true);
    }
  });

  it('refuses demo mode, the test captcha and missing keys in production, all at once', () => {
    const problems = problemsOf({ NODE_ENV: 'production', DEMO_MODE: 'true', CAPTCHA_PROVIDER: 'test' });
    const names = problems.map((p) => p.split(':')[0]);
    expect(names).toEqual(expect.arrayContaining(['DEMO_MODE', 'CAPTCHA_PROVIDER', 'DATA_KEYS', 'INDEX_KEY', 'SECRET_PEPPERS']));
  });

  it('refuses a production altcha without its HMAC key and recaptcha without its keys', () => {
    expect(problemsOf({ NODE_ENV: 'production', CAPTCHA_PROVIDER: 'altcha', ...productionKeys() })).toEqual([
      expect.stringMatching(/^ALTCHA_HMAC_KEY:/),
    ]);
    const recaptcha = problemsOf({ NODE_ENV: 'production', ...productionKeys() });
    expect(recaptcha.map((p) => p.split(':')[0]).sort()).toEqual(['RECAPTCHA_SECRET', 'RECAPTCHA_SITE_KEY']);
  });

  it('accepts a complete production configuration and turns demo mode off', () => {
    const config = parseConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://tessera@db/tessera',
      PUBLIC_URL: 'https://cards.example.com/',
      CAPTCHA_PROVIDER: 'altcha',
      ALTCHA_HMAC_KEY: 'a-long-enough-hmac-key-for-altcha',
      TRUST_PROXY: '1',
      ...productionKeys(),
    });
    expect(config.demoMode).toBe(false);
    expect(config.publicUrl).toBe('https://cards.example.com');
    expect(config.keys?.dataKeyCurrent).toBe(2);
    expect(config.keys?.dataKeys.size).toBe(2);
    expect(config.trustProxy).toBe(1);
    expect(config.host).toBe('0.0.0.0');
  });

  it('checks key formats and current versions', () => {
    const problems = problemsOf({
      DATA_KEYS: '1:tooshort',
      INDEX_KEY: 'abc',
      SECRET_PEPPERS: `1:${key()}`,
      SECRET_PEPPER_CURRENT: '3',
    });
    expect(problems.map((p) => p.split(':')[0])).toEqual(expect.arrayContaining(['DATA_KEYS', 'INDEX_KEY']));
    const current = problemsOf({ DATA_KEYS: `1:${key()}`, INDEX_KEY: key(), SECRET_PEPPERS: `1:${key()}`, SECRET_PEPPER_CURRENT: '3' });
    expect(current).toEqual([expect.stringMatching(/^SECRET_PEPPER_CURRENT:/)]);
  });
});
