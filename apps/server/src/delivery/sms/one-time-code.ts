import { findBrandById } from '../../db/repositories/brands.js';
import type { Executor } from '../../db/repositories/executor.js';
import { brandTexts, interpolate } from '../../translations/brand-texts.js';
import type { OutgoingMessage } from '../message.js';

export type OneTimeCodePurpose = 'activation' | 'recovery';

const TEXT_KEY: Record<OneTimeCodePurpose, string> = {
  activation: 'sms__activation_code',
  recovery: 'sms__recovery_code',
};

/**
 * The SMS that brings a VISA one-time code: the brand's text (defaults with its overrides,
 * `sms__activation_code` / `sms__recovery_code`) in the cardholder's language, with {{code}} and
 * {{brand}} filled in. The code comes first, so a phone's notification shows it. Reads the
 * database only; queue the result with enqueueMessage in the transaction that stores the code.
 */
export async function composeOneTimeCodeSms(
  db: Executor,
  input: { brandId: string; culture: string; to: string; code: string; purpose: OneTimeCodePurpose },
): Promise<OutgoingMessage> {
  const brand = await findBrandById(db, input.brandId);
  if (!brand) throw new Error('composeOneTimeCodeSms: unknown brand');
  const texts = await brandTexts(db, brand.id, input.culture);
  const template = texts[TEXT_KEY[input.purpose]] ?? '{{code}}';
  return { channel: 'sms', to: input.to, text: interpolate(template, { code: input.code, brand: brand.name }) };
}
