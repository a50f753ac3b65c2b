import { currencySymbol, formatBalance, formatDate, groupInBlocks, stripCardNumber } from '@tessera/contracts';
import { findBrandAsset } from '../../db/repositories/brand-assets.js';
import { findBrandById } from '../../db/repositories/brands.js';
import type { Executor } from '../../db/repositories/executor.js';
import { brandTexts, interpolate } from '../../translations/brand-texts.js';
import type { OutgoingMessage } from '../message.js';
import { brandColours, escapeHtml, logoAttachment } from './layout.js';

export interface ReplacementCardEmailInput {
  brandId: string;
  culture: 'nl' | 'en';
  /** The cardholder's address, as the replace call received it. */
  to: string;
  /** The new card's number (digits; spaces are ignored). */
  cardNumber: string;
  /** The new card's security code, in the clear (it exists only in this message). */
  securityCode: string;
  /** The balance moved to the new card, in minor units per asset. */
  balances: { value: number; assetCode: string }[];
  /** The new card's expiry date (yyyy-mm-dd or ISO date-time), or null when it does not expire. */
  expiresAt: string | null;
}

/**
 * The e-mail that brings a replacement card (REPLACE): the brand's name, colours and logo (an
 * inline attachment, never a remote image), the new card number in blocks of 4, its security
 * code, the balance moved, its validity, and that the old card no longer works. Texts are the
 * brand's (defaults with its overrides) in the cardholder's language. No tracking of any kind:
 * no remote images, no links.
 *
 * Reads the database only (brand, texts, logo); queue the result with enqueueMessage in the same
 * transaction as the replacement.
 */
export async function composeReplacementCardEmail(db: Executor, input: ReplacementCardEmailInput): Promise<OutgoingMessage> {
  const brand = await findBrandById(db, input.brandId);
  if (!brand) throw new Error('composeReplacementCardEmail: unknown brand');
  // The brand's e-mail logo (PNG, JPEG or GIF) when it has one: Gmail and Outlook show no SVG.
  const [texts, emailLogo, portalLogo] = await Promise.all([
    brandTexts(db, brand.id, input.culture),
    findBrandAsset(db, brand.id, 'email-logo'),
    findBrandAsset(db, brand.id, 'logo'),
  ]);
  const logo = emailLogo ?? portalLogo;
  const vars = { brand: brand.name };
  const t = (key: string, extra: Record<string, string> = {}): string => interpolate(texts[key] ?? key, { ...vars, ...extra });
  const locale = input.culture === 'en' ? 'en-GB' : 'nl-NL';

  const cardNumber = groupInBlocks(stripCardNumber(input.cardNumber));
  const balances = input.balances.map((b) => {
    const symbol = currencySymbol(b.assetCode, locale);
    return symbol ? `${symbol} ${formatBalance(b.value)}` : formatBalance(b.value);
  });
  const validity = input.expiresAt
    ? t('email__replacement_validity_until', { date: formatDate(input.expiresAt, input.culture) })
    : t('email__replacement_validity_unlimited');
  const subject = t('email__replacement_subject');

  const text = [
    brand.name,
    '',
    t('email__replacement_greeting'),
    '',
    t('email__replacement_intro'),
    '',
    `${t('email__replacement_card_number')}: ${cardNumber}`,
    `${t('email__replacement_security_code')}: ${input.securityCode}`,
    ...balances.map((b) => `${t('email__replacement_balance')}: ${b}`),
    '',
    validity,
    t('email__replacement_old_card'),
    '',
    t('email__replacement_keep_safe'),
    t('email__replacement_not_requested'),
    '',
    '-- ',
    t('email__replacement_footer'),
    '',
  ].join('\n');

  const colours = brandColours(brand.custom_css);
  const attachment = logo ? logoAttachment(logo) : undefined;
  const e = escapeHtml;
  const row = (label: string, value: string, mono: boolean) =>
    `<tr><th scope="row" align="left" style="padding:8px 16px 8px 0;font-weight:normal;color:${colours.text};white-space:nowrap;vertical-align:top">${e(label)}</th>` +
    `<td style="padding:8px 0;font-weight:bold;color:${colours.text};${mono ? "font-family:'Courier New',Courier,monospace;font-size:18px;letter-spacing:1px;" : ''}">${e(value)}</td></tr>`;

  const html = `<!doctype html>
<html lang="${e(input.culture)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${e(subject)}</title>
</head>
<body style="margin:0;padding:0;background:${colours.background};font-family:Arial,Helvetica,sans-serif;color:${colours.text}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${colours.background}">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:${colours.surface};border-radius:8px">
<tr><td style="padding:20px 24px;border-bottom:4px solid ${colours.primary}">${
    attachment
      ? `<img src="cid:${e(attachment.cid)}" alt="${e(t('email__replacement_logo_alt'))}" height="48" style="display:block;height:48px;width:auto;border:0">`
      : `<strong style="font-size:20px;color:${colours.primary}">${e(brand.name)}</strong>`
  }</td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.5">
<p style="margin:0 0 12px">${e(t('email__replacement_greeting'))}</p>
<p style="margin:0 0 20px">${e(t('email__replacement_intro'))}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 20px;border-left:4px solid ${colours.primary};padding-left:16px">
${row(t('email__replacement_card_number'), cardNumber, true)}
${row(t('email__replacement_security_code'), input.securityCode, true)}
${balances.map((b) => row(t('email__replacement_balance'), b, false)).join('\n')}
</table>
<p style="margin:0 0 12px">${e(validity)}</p>
<p style="margin:0 0 20px;font-weight:bold">${e(t('email__replacement_old_card'))}</p>
<p style="margin:0 0 12px;font-size:14px">${e(t('email__replacement_keep_safe'))}</p>
<p style="margin:0;font-size:14px">${e(t('email__replacement_not_requested'))}</p>
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:${colours.text};border-top:1px solid ${colours.background}">${e(t('email__replacement_footer'))}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;

  return {
    channel: 'email',
    to: input.to.trim(),
    fromName: brand.name,
    subject,
    text,
    html,
    ...(attachment && { attachments: [attachment] }),
  };
}

/** The outbox key of the e-mail that brings the new card: one e-mail per replaced card. */
export const replacementDedupeKey = (oldCardId: string) => `replacement-card:${oldCardId}`;
