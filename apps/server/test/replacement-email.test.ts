import { beforeAll, describe, expect, it } from 'vitest';
import { replaceBrandTranslations } from '../src/db/repositories/brand-translations.js';
import { findBrandByCode } from '../src/db/repositories/brands.js';
import { composeReplacementCardEmail } from '../src/delivery/emails/replacement-card.js';
import { brandColours, escapeHtml } from '../src/delivery/emails/layout.js';
import { DEFAULT_TRANSLATIONS } from '../src/translations/defaults.js';
import { useTestApp } from './helpers/test-app.js';

const t = useTestApp();
let demoId: string;
let acmeId: string;
beforeAll(async () => {
  demoId = (await findBrandByCode(t.db, 'DEMO'))!.id;
  acmeId = (await findBrandByCode(t.db, 'ACME'))!.id;
});

const input = {
  culture: 'nl' as const,
  to: 'jan@example.nl',
  cardNumber: '6064000000000000999',
  securityCode: 'K7x9Q2',
  balances: [{ value: 1800, assetCode: 'EUR' }],
  expiresAt: '2099-12-31',
};

/** Every URL-ish reference in the HTML: src, href, url(), background, srcset. */
function references(html: string): string[] {
  return [...html.matchAll(/(?:src|href|background|srcset)\s*=\s*"([^"]*)"|url\(([^)]*)\)/gi)].map((m) => m[1] ?? m[2]!);
}

describe('composeReplacementCardEmail', () => {
  it('brings the new card in Dutch: number in blocks of 4, code, balance, validity, old card blocked', async () => {
    const message = await composeReplacementCardEmail(t.db, { ...input, brandId: acmeId });
    expect(message.channel).toBe('email');
    expect(message.to).toBe('jan@example.nl');
    expect(message.subject).toBe('Je nieuwe kaart van Acme Cadeaukaart');
    for (const part of [message.text, message.html!]) {
      expect(part).toContain('6064 0000 0000 0000 999');
      expect(part).toContain('K7x9Q2');
      expect(part).toContain('€ 18,00');
      expect(part).toContain('31-12-2099');
      expect(part).toContain('Je oude kaart is geblokkeerd en werkt niet meer.');
      expect(part).toContain('Acme Cadeaukaart');
    }
    expect(message.html).toContain('<html lang="nl">');
    // Acme's own colour from its stylesheet.
    expect(message.html).toContain('#b42318');
  });

  it('writes English for culture en, and no validity date for a card without expiry', async () => {
    const message = await composeReplacementCardEmail(t.db, { ...input, brandId: demoId, culture: 'en', expiresAt: null });
    expect(message.subject).toBe('Your new Tessera Demo card');
    expect(message.text).toContain(DEFAULT_TRANSLATIONS.en!.email__replacement_validity_unlimited);
    expect(message.text).toContain(DEFAULT_TRANSLATIONS.en!.email__replacement_old_card);
    expect(message.html).toContain('<html lang="en">');
  });

  it('carries the e-mail logo (PNG, which mail clients show) as an inline attachment and references nothing remote', async () => {
    const message = await composeReplacementCardEmail(t.db, { ...input, brandId: acmeId });
    expect(message.attachments).toHaveLength(1);
    const logo = message.attachments![0]!;
    expect(logo.contentType).toBe('image/png');
    // The PNG signature: the brand file's emailLogo, not the portal's SVG logo.
    expect(Buffer.from(logo.contentBase64, 'base64').subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(message.html).toContain(`src="cid:${logo.cid}"`);
    const refs = references(message.html!);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(ref).toMatch(/^cid:/);
    expect(message.html).not.toMatch(/https?:\/\//);
    expect(message.text).not.toMatch(/https?:\/\//);
  });

  it("falls back to the portal's logo when the brand has no e-mail logo", async () => {
    await t.db.deleteFrom('brand_assets').where('brand_id', '=', demoId).where('name', '=', 'email-logo').execute();
    const message = await composeReplacementCardEmail(t.db, { ...input, brandId: demoId });
    const logo = message.attachments![0]!;
    expect(logo.contentType).toBe('image/svg+xml');
    expect(Buffer.from(logo.contentBase64, 'base64').toString('utf8')).toContain('<svg');
  });

  it('uses the brand overrides and escapes every interpolated value in the HTML', async () => {
    await t.db.transaction().execute((trx) =>
      replaceBrandTranslations(trx, acmeId, {
        nl: { email__replacement_intro: 'Hier is je <b>nieuwe</b> kaart & "code"', email__replacement_footer: 'Groet van {{brand}}' },
      }),
    );
    try {
      const message = await composeReplacementCardEmail(t.db, {
        ...input,
        brandId: acmeId,
        securityCode: '<script>',
      });
      expect(message.html).toContain('Hier is je &lt;b&gt;nieuwe&lt;/b&gt; kaart &amp; &quot;code&quot;');
      expect(message.html).not.toContain('<b>nieuwe</b>');
      expect(message.html).toContain('&lt;script&gt;');
      expect(message.html).not.toContain('<script>');
      expect(message.text).toContain('Hier is je <b>nieuwe</b> kaart & "code"');
      expect(message.text).toContain('Groet van Acme Cadeaukaart');
    } finally {
      await t.db.transaction().execute((trx) =>
        replaceBrandTranslations(trx, acmeId, { nl: { balance__title: 'Bekijk het saldo van je Acme Cadeaukaart' } }),
      );
    }
  });

  it('has a text for every key in both languages', () => {
    for (const lang of ['nl', 'en']) {
      const keys = Object.keys(DEFAULT_TRANSLATIONS[lang]!).filter((k) => k.startsWith('email__replacement_'));
      expect(keys.length).toBeGreaterThanOrEqual(12);
    }
  });
});

describe('email layout helpers', () => {
  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('takes only hex colours from a stylesheet', () => {
    expect(brandColours(':root { --brand-primary: #B42318; --brand-text: red; --brand-background: url(http://x/y.png); }')).toMatchObject({
      primary: '#b42318',
      text: '#1b2430',
      background: '#eef2f6',
    });
  });
});
