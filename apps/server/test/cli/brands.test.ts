import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { printable } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { contrastRatio, declaredColours, PORTAL_COLOURS } from '../../src/operator/brand-contrast.js';
import { findBrandByCode } from '../../src/db/repositories/brands.js';
import { appRoot } from '../../src/resources.js';
import { acmeJson, demoBrandDir, expectNotImported, writeBrand } from './brand-files.js';
import { useCliTest } from './support.js';

const c = useCliTest();

// Ajv (the validator editors and brand repositories' CI would use) is CommonJS without an ES default.
const Ajv2020 = createRequire(import.meta.url)('ajv/dist/2020') as new (options: object) => {
  compile(schema: object): ((data: unknown) => boolean) & { errors?: unknown };
};

const repoRoot = path.resolve(appRoot, '..', '..', '..');

const importEvents = async (code: string) => {
  const brand = await findBrandByCode(c.t.db, code);
  if (!brand) return [];
  return c.t.db.selectFrom('audit_events').select(['outcome', 'client']).where('type', '=', 'brand.import').where('brand_id', '=', brand.id).execute();
};

describe('brand files are strict', () => {
  it('refuses unknown keys at their place, with the key likely meant, and imports nothing', async () => {
    const { translations, ...rest } = acmeJson;
    writeBrand(c, 'typos', {
      ...rest,
      code: 'TYPOS',
      slug: 'typos',
      translation: translations,
      styling: { ...(acmeJson.styling as object), emaillogo: 'email-logo.png' },
      pageAvailability: [{ code: 'BALANCE', isAvailable: true, availableLanguages: ['nl'], scanning: true }],
    });
    await expectNotImported(c, await c.cli('brands', 'import', 'typos/brand.json'), 'TYPOS', [
      'the brand file is not valid; nothing was imported',
      '- translation: unknown key (did you mean "translations"?)',
      '- styling.emaillogo: unknown key (did you mean "emailLogo"?)',
      '- pageAvailability.0.scanning: unknown key',
    ]);
  });

  it('refuses unknown text keys and languages without texts', async () => {
    writeBrand(c, 'texts', {
      ...acmeJson,
      code: 'TEXTS',
      slug: 'texts',
      pageAvailability: [{ code: 'BALANCE', isAvailable: true, availableLanguages: ['nl', 'de'] }],
      translations: { nl: { balance__titel: 'Saldo', balance__title: 'Saldo' }, en: {} },
    });
    const res = await c.cli('brands', 'import', 'texts/brand.json');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('- translations.nl.balance__titel: unknown text key (did you mean "balance__title"?)');
    expect(res.stderr).toContain('- translations.en: no texts');
    expect(res.stderr).toMatch(/- translations\.de: Tessera has no texts in "de" \(it has nl and en\): a brand offering "de" gives all \d+ texts; \d+ missing/);
    expect(res.stderr).not.toContain('balance__title:');
    expect(await findBrandByCode(c.t.db, 'TEXTS')).toBeUndefined();
  });

  it('imports a language Tessera has no texts for when the brand gives them all', async () => {
    const en = JSON.parse(readFileSync(path.join(appRoot, 'translations', 'defaults', 'en.json'), 'utf8')) as Record<string, string>;
    const de = Object.fromEntries(Object.keys(en).map((key) => [key, `de: ${key}`]));
    writeBrand(c, 'german', { ...acmeJson, code: 'GERMAN', slug: 'german', pageAvailability: [{ code: 'BALANCE', isAvailable: true, availableLanguages: ['de'] }], translations: { de } });
    const res = await c.cli('brands', 'import', 'german/brand.json');
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const texts = await c.t.app.inject({ url: '/api/translations/german?culture=de' });
    expect(texts.statusCode).toBe(200);
    expect(texts.json()).toEqual(de);
  });

  it('warns about stylesheet colours below 4.5:1 and still imports', async () => {
    writeBrand(c, 'pale', { ...acmeJson, code: 'PALE', slug: 'pale' }, ':root { --brand-text: #999; /* --brand-primary: #000; */ --brand-primary: rgb(250, 200, 0); }');
    const res = await c.cli('brands', 'import', 'pale/brand.json');
    expect(res.code).toBe(0);
    expect(res.stderr).toContain('warning: text on the page background: --brand-text #999999 on --brand-background #eef2f6 contrast 2.53:1, below the 4.5:1 WCAG asks for text');
    expect(res.stderr).toContain('warning: button labels on primary buttons: --brand-primary-contrast #ffffff on --brand-primary #fac800');
    expect(res.stderr.split('\n').filter((l) => l.startsWith('warning:'))).toHaveLength(4);
    expect(await findBrandByCode(c.t.db, 'PALE')).toBeDefined();
  });

  it('knows the portal’s own colours as the web app sets them', () => {
    const css = readFileSync(path.join(repoRoot, 'apps', 'web', 'src', 'styles', 'global.css'), 'utf8');
    const rootBlock = /:root\s*{[^}]*}/.exec(css)![0];
    const web = declaredColours(rootBlock);
    for (const [name, hex] of Object.entries(PORTAL_COLOURS)) {
      expect(web[name as keyof typeof PORTAL_COLOURS], name).toEqual(declaredColours(`${name}: ${hex}`)[name as keyof typeof PORTAL_COLOURS]);
    }
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
  });
});

describe('tessera brands import --dry-run and --by', () => {
  it('tells what an import would do and writes nothing', async () => {
    writeBrand(c, 'dry', { ...acmeJson, code: 'DRY', slug: 'dry' });
    const create = await c.cli('brands', 'import', 'dry/brand.json', '--dry-run');
    expect(create.code).toBe(0);
    expect(create.stdout).toContain('Dry run, nothing written: would create brand DRY (slug dry, "Acme Cadeaukaart").');
    expect(await findBrandByCode(c.t.db, 'DRY')).toBeUndefined();

    writeBrand(c, 'acme-changed', { ...acmeJson, name: 'Acme Gift', payoutFee: 300 });
    const before = await importEvents('ACME');
    const update = await c.cli('brands', 'import', 'acme-changed/brand.json', '--dry-run');
    expect(update.code).toBe(0);
    expect(update.stdout).toContain('Dry run, nothing written: would update brand ACME (slug acme, "Acme Gift"): change name, payout fee.');
    expect((await findBrandByCode(c.t.db, 'ACME'))?.name).toBe('Acme Cadeaukaart');
    expect(await importEvents('ACME')).toEqual(before);
  });

  it('records who imported: --by, else the login name; a malformed name is a usage error', async () => {
    writeBrand(c, 'byco', { ...acmeJson, code: 'BYCO', slug: 'byco' });
    expect((await c.cli('brands', 'import', 'byco/brand.json', '--by', 'alice@ops')).code).toBe(0);
    expect((await c.cliWith({ ...c.env, USER: 'bob' }, 'brands', 'import', 'byco/brand.json')).code).toBe(0);
    expect(await importEvents('BYCO')).toEqual([
      { outcome: 'created', client: 'operator:alice@ops' },
      { outcome: 'unchanged', client: 'operator:bob' },
    ]);
    const bad = await c.cli('brands', 'import', 'byco/brand.json', '--by', 'eve\nforged=1');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--by takes a name of letters, digits');
  });
});

describe('tessera brands list and export', () => {
  it('lists the brands with their flows, languages and cards', async () => {
    const res = await c.cli('brands', 'list');
    expect(res.code).toBe(0);
    const acmeLine = res.stdout.split('\n').find((line) => line.startsWith('ACME '));
    expect(acmeLine).toMatch(/^ACME\s+acme\s+Acme Cadeaukaart\s+REPLACE \(nl\), BALANCE \(nl\)\s+\d+$/);
    const json = JSON.parse((await c.cli('brands', 'list', '--json')).stdout) as { code: string; cards: number; flows: { code: string }[] }[];
    const demo = json.find((b) => b.code === 'DEMO')!;
    const demoBrand = await findBrandByCode(c.t.db, 'DEMO');
    const cards = await c.t.db.selectFrom('cards').select((eb) => eb.fn.countAll().as('n')).where('brand_id', '=', demoBrand!.id).executeTakeFirstOrThrow();
    expect(demo.cards).toBe(Number(cards.n));
    expect(demo.cards).toBeGreaterThan(0);
    expect(demo.flows.map((f) => f.code)).toContain('VISA');
  });

  it('prints a stored name with control characters (stored before they were refused) with spaces in their place', async () => {
    const acme = await findBrandByCode(c.t.db, 'ACME');
    await c.t.db.updateTable('brands').set({ name: 'Acme\u001b[2J\r\nCadeau\u009b' }).where('id', '=', acme!.id).execute();
    try {
      const res = await c.cli('brands', 'list');
      expect(res.code).toBe(0);
      expect([...res.stdout].filter((ch) => ch !== '\n' && printable(ch) !== ch)).toEqual([]);
      expect(res.stdout.split('\n').find((line) => line.startsWith('ACME '))).toMatch(/^ACME\s+acme\s+Acme \[2J {2}Cadeau \s+REPLACE/);
      // --json keeps the value as stored: JSON escapes control characters itself.
      expect((await c.cli('brands', 'list', '--json')).stdout).toContain('Acme\\u001b[2J\\r\\nCadeau');
    } finally {
      await c.t.db.updateTable('brands').set({ name: acme!.name }).where('id', '=', acme!.id).execute();
    }
  });

  it('exports each demo brand as a folder that imports back unchanged', async () => {
    for (const code of ['DEMO', 'ACME']) {
      const res = await c.cli('brands', 'export', code, '--out', `export-${code}`);
      expect(res.stderr).toBe('');
      expect(res.code).toBe(0);
      expect(res.stdout).toContain('custom.css');
      const again = await c.cli('brands', 'import', `export-${code}/brand.json`);
      expect(again.stderr).toBe('');
      expect(again.stdout).toContain(`Unchanged brand ${code}`);
    }
    const exported = JSON.parse(readFileSync(path.join(path.dirname(c.file('probe', '')), 'export-ACME', 'brand.json'), 'utf8')) as Record<string, unknown>;
    expect(exported.translations).toEqual(acmeJson.translations);
    expect(exported.embedOrigins).toEqual(acmeJson.embedOrigins);
  });

  it('refuses an unknown brand, a folder that holds a brand already, and a missing --out', async () => {
    const unknown = await c.cli('brands', 'export', 'NOPE', '--out', 'nope');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('There is no brand with code NOPE.');
    const dir = path.dirname(c.file('taken/brand.json', '{}'));
    const taken = await c.cli('brands', 'export', 'ACME', '--out', 'taken');
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('exists already; nothing was written');
    expect(readFileSync(path.join(dir, 'brand.json'), 'utf8')).toBe('{}');
    expect((await c.cli('brands', 'export', 'ACME')).code).toBe(2);
  });
});

describe('the brand file JSON Schema', () => {
  it('is the one in docs/ (regenerate: npm run tessera -- brands schema > docs/brand-file.schema.json)', async () => {
    const res = await c.cli('brands', 'schema');
    expect(res.code).toBe(0);
    const committed = readFileSync(path.join(repoRoot, 'docs', 'brand-file.schema.json'), 'utf8');
    expect(JSON.parse(res.stdout)).toEqual(JSON.parse(committed));
  });

  it('accepts the demo brands and refuses an unknown key', async () => {
    const ajv = new Ajv2020({ strict: false });
    const validate = ajv.compile(JSON.parse((await c.cli('brands', 'schema')).stdout) as object);
    for (const slug of ['demo', 'acme']) {
      const file = JSON.parse(readFileSync(path.join(demoBrandDir(slug), 'brand.json'), 'utf8')) as unknown;
      expect(validate(file), JSON.stringify(validate.errors)).toBe(true);
    }
    expect(validate({ ...acmeJson, translation: {} })).toBe(false);
    expect(validate({ ...acmeJson, translations: { nl: { balance__titel: 'x' } } })).toBe(false);
  });
});
