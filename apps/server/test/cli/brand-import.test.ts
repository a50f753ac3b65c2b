import { readFileSync } from 'node:fs';
import path from 'node:path';
import { themeSchema } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { findBrandByCode, listBrandFlows } from '../../src/db/repositories/brands.js';
import { acmeJson, demoBrandDir, expectNotImported, writeBrand } from './brand-files.js';
import { useCliTest } from './support.js';

const c = useCliTest();

const acmeDir = demoBrandDir('acme');

describe('tessera brand import', () => {
  const newco = { ...acmeJson, code: 'NEWCO', slug: 'newco', name: 'NewCo Cadeau', payoutFee: 100 };

  it('refuses the slug admin and the code ADMIN: /admin/ is the back office\'s', async () => {
    for (const [folder, brand] of [
      ['admin-slug', { ...newco, code: 'ADMINCO', slug: 'admin' }],
      ['admin-code', { ...newco, code: 'ADMIN', slug: 'adminco' }],
    ] as const) {
      writeBrand(c, folder, brand);
      const res = await c.cli('brand', 'import', `${folder}/brand.json`);
      expect(res.code, folder).toBe(1);
      expect(res.stderr).toMatch(/reserved/);
    }
    expect(await findBrandByCode(c.t.db, 'ADMINCO')).toBeUndefined();
    expect(await findBrandByCode(c.t.db, 'ADMIN')).toBeUndefined();
  });

  it('creates a brand from a file, with its flows and assets, then updates it', async () => {
    writeBrand(c, 'newco', newco);
    // A relative path works from the directory the command runs in.
    const created = await c.cli('brand', 'import', 'newco/brand.json');
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('Created brand NEWCO (slug newco, "NewCo Cadeau")');
    expect(created.stdout).toContain('flows offered: REPLACE, BALANCE');
    expect(created.stdout).toContain('images: logo, header, poster');

    const brand = await findBrandByCode(c.t.db, 'NEWCO');
    expect(brand?.payout_fee).toBe(100);
    const flows = await listBrandFlows(c.t.db, brand!.id);
    expect(flows.filter((f) => f.is_available === 1).map((f) => f.flow_code).sort()).toEqual(['BALANCE', 'REPLACE']);
    const theme = await c.t.app.inject({ url: '/api/theme/newco' });
    expect(theme.statusCode).toBe(200);
    expect(themeSchema.parse(theme.json()).name).toBe('NewCo Cadeau');

    const again = await c.cli('brand', 'import', 'newco/brand.json');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Unchanged brand NEWCO');

    writeBrand(c, 'newco', { ...newco, name: 'NewCo Gift', payoutFee: 300, embedOrigins: ['https://newco.example'] });
    const updated = await c.cli('brand', 'import', 'newco/brand.json');
    expect(updated.code).toBe(0);
    expect(updated.stdout).toContain('Updated brand NEWCO (slug newco, "NewCo Gift"): changed name, payout fee, embed origins.');
    const after = await findBrandByCode(c.t.db, 'NEWCO');
    expect(after?.id).toBe(brand!.id);
    expect(after?.payout_fee).toBe(300);
    expect(after?.created_at).toBe(brand!.created_at);

    const audit = await c.t.db.selectFrom('audit_events').select(['outcome']).where('type', '=', 'brand.import').where('brand_id', '=', brand!.id).execute();
    expect(audit.map((a) => a.outcome)).toEqual(['created', 'unchanged', 'updated']);
  });

  it('updates a demo brand from its own file', async () => {
    const res = await c.cli('brand', 'import', path.join(acmeDir, 'brand.json'));
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Unchanged brand ACME');
  });

  it('refuses a file whose slug belongs to another brand, and changes nothing', async () => {
    writeBrand(c, 'clash', { ...acmeJson, code: 'CLASH', slug: 'demo', name: 'Clash' });
    const res = await c.cli('brand', 'import', 'clash/brand.json');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('The slug "demo" belongs to brand DEMO, not to CLASH.');
    expect(await findBrandByCode(c.t.db, 'CLASH')).toBeUndefined();
    expect((await findBrandByCode(c.t.db, 'DEMO'))?.name).toBe('Tessera Demo');
  });

  it('refuses an SVG with script or a handler and CSS that loads from elsewhere, listing every problem by field, and stores nothing', async () => {
    writeBrand(c, 'unsafe', { ...newco, code: 'UNSAFE', slug: 'unsafe' });
    c.file('unsafe/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">\n  <script>alert(2)</script>\n</svg>');
    c.file('unsafe/header.svg', '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://tracker.example/pixel.png"/></svg>');
    c.file('unsafe/custom.css', ':root { --brand-primary: #b42318; }\n@import url(https://evil.example/x.css);\n');
    await expectNotImported(c, await c.cli('brand', 'import', 'unsafe/brand.json'), 'UNSAFE', [
      'the brand file is not valid; nothing was imported',
      'styling.logo: onload on <svg> at line 1: event handler attributes run script.',
      'styling.logo: <script> at line 2: this element runs script.',
      'styling.headerImage: href on <image> at line 1: "https://tracker.example/pixel.png" is not allowed',
      'customCss: line 2: @import loads another stylesheet.',
    ]);
  });

  it('refuses an update of a stored brand whose CSS or SVG became unsafe, and keeps the stored brand as it was', async () => {
    const before = await findBrandByCode(c.t.db, 'ACME');
    writeBrand(c, 'acme-css', acmeJson);
    c.file('acme-css/custom.css', ':root { --brand-primary: #b42318; }\nbody { background: u\\72l("https://evil.example/bg.png"); }\n');
    const css = await c.cli('brand', 'import', 'acme-css/brand.json');
    expect(css.code).toBe(1);
    expect(css.stderr).toContain('customCss: line 2: url("https://evil.example/bg.png") is not allowed');

    writeBrand(c, 'acme-svg', acmeJson);
    c.file('acme-svg/poster.svg', '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<svg xmlns="http://www.w3.org/2000/svg"/>');
    const svg = await c.cli('brand', 'import', 'acme-svg/brand.json');
    expect(svg.code).toBe(1);
    expect(svg.stderr).toContain('styling.posterImage: A DOCTYPE at line 1');

    const after = await findBrandByCode(c.t.db, 'ACME');
    expect(after?.custom_css).toBe(before?.custom_css);
    expect(after?.updated_at).toEqual(before?.updated_at);
    const poster = await c.t.app.inject({ url: '/api/assets/acme/poster' });
    expect(poster.statusCode).toBe(200);
    expect(poster.body).toBe(readFileSync(path.join(acmeDir, 'poster.svg'), 'utf8'));
  });

  it('refuses control characters in the name and texts, naming the field; texts keep their line breaks', async () => {
    const nl = (acmeJson.translations as Record<string, Record<string, string>>).nl!;
    writeBrand(c, 'escape', { ...newco, code: 'ESCAPE', slug: 'escape', name: 'Acme\u001b[2J', translations: { nl: { ...nl, balance__title: 'Saldo\u0007' } } });
    const refused = await c.cli('brand', 'import', 'escape/brand.json');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('name: no control characters');
    expect(refused.stderr).toContain('translations.nl.balance__title: no control characters but line breaks');
    // The refusal names the field, never echoes the text: the escape would act on this terminal.
    expect(refused.stderr).not.toContain('\u001b');
    expect(refused.stderr).not.toContain('\u0007');
    expect(await findBrandByCode(c.t.db, 'ESCAPE')).toBeUndefined();

    writeBrand(c, 'lines', { ...newco, code: 'LINES', slug: 'lines', translations: { nl: { ...nl, shell__issuer_statement: 'Uitgegeven door\nNewCo B.V.' } } });
    const accepted = await c.cli('brand', 'import', 'lines/brand.json');
    expect(accepted.stderr).toBe('');
    expect(accepted.code).toBe(0);
  });

  it('refuses an invalid brand file listing the fields, a missing asset and a missing file', async () => {
    writeBrand(c, 'bad', { ...newco, code: 'bad code', payoutFee: -1 });
    const invalid = await c.cli('brand', 'import', 'bad/brand.json');
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('the brand file is not valid');
    expect(invalid.stderr).toContain('code:');
    expect(invalid.stderr).toContain('payoutFee:');

    c.file('noasset/brand.json', JSON.stringify({ ...newco, code: 'NOASSET', slug: 'noasset' }));
    await expectNotImported(c, await c.cli('brand', 'import', 'noasset/brand.json'), 'NOASSET', ['logo.svg cannot be read']);

    // Mail clients show no SVG: an e-mail logo must be PNG, JPEG or GIF.
    const svgMail = { ...newco, code: 'SVGMAIL', slug: 'svgmail', styling: { ...(acmeJson.styling as object), emailLogo: 'logo.svg' } };
    writeBrand(c, 'svgmail', svgMail);
    await expectNotImported(c, await c.cli('brand', 'import', 'svgmail/brand.json'), 'SVGMAIL', ['styling.emailLogo: use a .png, .jpg or .gif file']);

    const missing = await c.cli('brand', 'import', 'nowhere/brand.json');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No such file');

    c.file('broken.json', '{ "code": ');
    const broken = await c.cli('brand', 'import', 'broken.json');
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('not readable as JSON');
  });
});

describe('tessera brand import: payoutReview', () => {
  const reviewed = { ...acmeJson, code: 'REVIEWCO', slug: 'reviewco', name: 'Review Co' };

  it('stores the settings with their defaults filled in, exports them again, and refuses a bad or unknown setting', async () => {
    writeBrand(c, 'reviewco', { ...reviewed, payoutReview: { ibanOtherCards: 5, guessingWindowHours: null } });
    expect((await c.cli('brand', 'import', 'reviewco/brand.json')).code).toBe(0);
    const stored = await findBrandByCode(c.t.db, 'REVIEWCO');
    expect(JSON.parse(stored!.payout_review_json!)).toEqual({ ibanOtherCards: 5, ibanWindowDays: 30, identityMonthlyLimit: 15000, blockList: true, guessingWindowHours: null });

    const out = path.join(path.dirname(c.file('.keep', '')), 'reviewco-export');
    expect((await c.cli('brands', 'export', 'REVIEWCO', '--out', out)).code).toBe(0);
    const exported = JSON.parse(readFileSync(path.join(out, 'brand.json'), 'utf8')) as Record<string, unknown>;
    expect(exported.payoutReview).toEqual({ ibanOtherCards: 5, ibanWindowDays: 30, identityMonthlyLimit: 15000, blockList: true, guessingWindowHours: null });
    // A brand on the defaults writes none.
    expect(await findBrandByCode(c.t.db, 'ACME').then((b) => b!.payout_review_json)).toBeNull();

    for (const [folder, setting, problem] of [
      ['review-bad', { ibanOtherCards: 0 }, /payoutReview\.ibanOtherCards/],
      ['review-unknown', { ibanOthers: 3 }, /payoutReview.*ibanOthers/],
      ['review-type', { blockList: 'yes' }, /payoutReview\.blockList/],
    ] as const) {
      writeBrand(c, folder, { ...reviewed, payoutReview: setting });
      const res = await c.cli('brand', 'import', `${folder}/brand.json`);
      expect(res.code, folder).toBe(1);
      expect(res.stderr, folder).toMatch(problem);
    }
    expect(JSON.parse((await findBrandByCode(c.t.db, 'REVIEWCO'))!.payout_review_json!).ibanOtherCards).toBe(5);
  });
});
