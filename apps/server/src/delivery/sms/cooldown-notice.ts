import { findBrandById } from '../../db/repositories/brands.js';
import type { Executor } from '../../db/repositories/executor.js';
import { brandTexts, interpolate } from '../../translations/brand-texts.js';
import type { OutgoingMessage } from '../message.js';

/**
 * The SMS a Visa cardholder gets when their card enters a 24-hour cool-down: someone has been
 * trying codes on it, and the owner should know (and can ask the brand for help) before trying
 * again. The brand's text `sms__card_cooldown` in `culture`, with {{brand}} and {{last3}} (the
 * card number's last three digits (all the database keeps in the clear), which the holder recognises and a thief already has).
 */
export async function composeCooldownSms(db: Executor, input: { brandId: string; culture: string; to: string; last3: string }): Promise<OutgoingMessage> {
  const brand = await findBrandById(db, input.brandId);
  if (!brand) throw new Error('composeCooldownSms: unknown brand');
  const texts = await brandTexts(db, brand.id, input.culture);
  const template = texts['sms__card_cooldown'] ?? '{{brand}} ****{{last3}}';
  return { channel: 'sms', to: input.to, text: interpolate(template, { brand: brand.name, last3: input.last3 }) };
}
