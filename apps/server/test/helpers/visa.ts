import { randomUUID } from 'node:crypto';
import { stripCardNumber } from '@tessera/contracts';
import { TEST_CAPTCHA_TOKEN } from '../../src/adapters/captcha/test.js';
import { issueCard } from '../../src/cards/issue-card.js';
import { PURPOSE } from '../../src/crypto/index.js';
import { findBrandByCode } from '../../src/db/repositories/brands.js';
import type { OutgoingMessage } from '../../src/delivery/message.js';
import { DEMO_CARDS } from '../../src/demo/cards.js';
import type { CardRow } from '../../src/db/schema.js';
import { type CardCounters, cardRow } from './flows.js';
import type { TestApp } from './test-app.js';

let serial = 0;

/**
 * Issues an extra Visa card of the demo brand (so tests do not share the demo cards' counters):
 * answers its number. Holder phone +316123456NN, PIN 9{NN}.
 */
export async function issueVisa(
  t: TestApp,
  options: { state?: 'inactive' | 'passcode_set' | 'active'; passcode?: string; brand?: 'DEMO' | 'ACME'; balance?: number } = {},
): Promise<{ number: string; phone: string; pin: string; id: string }> {
  serial += 1;
  const nn = String(serial).padStart(2, '0');
  const number = `4000 1${String(process.pid % 1000).padStart(3, '0')} 0000 0000 ${String(serial).padStart(3, '0')}`;
  const phone = `+316987654${nn}`;
  const pin = `9${nn}7`;
  const brand = (await findBrandByCode(t.db, options.brand ?? 'DEMO'))!;
  const id = await issueCard(
    t.db,
    t.deps.crypto,
    {
      brandId: brand.id,
      kind: 'visa',
      cardNumber: number,
      state: options.state ?? 'inactive',
      assetCode: 'EUR',
      expiresAt: null,
      ...(options.passcode && { passcode: options.passcode }),
      visa: {
        holder: {
          holderName: `Holder ${nn}`,
          phoneNumber: phone,
          email: null,
          address: { addressLine1: `Straat ${nn}`, city: 'Utrecht', postalCode: '3511 AA' },
          dateOfBirth: null,
          countryOfBirth: null,
          nationality: null,
        },
        pin,
      },
      load: { amount: options.balance ?? 1234, reference: `test-load-${randomUUID()}` },
    },
    new Date().toISOString(),
  );
  return { number: stripCardNumber(number), phone, pin, id };
}

/** The card row of a demo card by name (VISA_NEW_1; cardRow takes a name with digits for a number) or of a number. */
export function visaRow(t: TestApp, nameOrNumber: string): Promise<CardRow & CardCounters> {
  const demo = DEMO_CARDS.find((c) => c.name === nameOrNumber);
  return cardRow(t, demo ? demo.number : nameOrNumber);
}

/** The SMS messages queued for a card, decrypted, oldest first (also after they were sent? no: sent payloads are erased). */
export async function queuedSms(t: TestApp, cardId: string): Promise<OutgoingMessage[]> {
  const rows = await t.db
    .selectFrom('outbox_messages')
    .selectAll()
    .where('card_id', '=', cardId)
    .where('channel', '=', 'sms')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows
    .filter((r) => r.payload_ciphertext !== null)
    .map((r) => JSON.parse(t.deps.crypto.cipher.decrypt(r.payload_ciphertext!, PURPOSE.outboxMessage)) as OutgoingMessage);
}

/** The one-time code of the newest SMS queued for a card. */
export async function latestCode(t: TestApp, nameOrNumber: string): Promise<string> {
  const card = await visaRow(t, nameOrNumber);
  const messages = await queuedSms(t, card.id);
  const last = messages.at(-1);
  const code = last && /\b(\d{6})\b/.exec(last.text)?.[1];
  if (!code) throw new Error(`no code queued for ${nameOrNumber}`);
  return code;
}

export const captcha = TEST_CAPTCHA_TOKEN;
