import { randomUUID } from 'node:crypto';
import { exportPayouts } from '../../src/operator/export-payouts.js';
import { recordPayout, type RecordPayoutInput } from '../../src/flows/payout/record-payout.js';
import { PURPOSE } from '../../src/crypto/index.js';
import { insertWebhookEndpoint } from '../../src/db/repositories/webhooks.js';
import type { TestApp } from './test-app.js';

/** An ING IBAN (an iDIN bank) with the 10-digit account `account` and correct check digits (ISO 13616, mod 97). */
export function ingIban(account: number): string {
  const bban = `INGB${String(account).padStart(10, '0')}`;
  const digits = `${bban}NL00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return `NL${String(98 - rest).padStart(2, '0')}${bban}`;
}

/** A payout recorded as the PAYOUT customer call records it, at `now`. */
export const recordTestPayout = (t: TestApp, input: Partial<RecordPayoutInput> & { cardId: string; iban: string }, now = new Date()) =>
  t.db.transaction().execute((trx) => recordPayout(trx, t.deps, { verifiedName: 'J. de Vries', identitySessionId: null, ...input }, now));

/** Runs the export as `tessera payouts export` does, keeping the file's XML; '' when nothing was pending. */
export async function exportToString(t: TestApp): Promise<{ xml: string; messageId: string | null }> {
  let xml = '';
  const result = await exportPayouts(
    { db: t.db, crypto: t.deps.crypto, now: () => new Date(), debtor: { name: 'Tessera Payouts', iban: 'NL91ABNA0417164300', bic: 'ABNANL2A' } },
    'pain.001.001.09',
    {
      stage: async (staged) => {
        xml = staged;
        return { commit: async () => undefined, abort: async () => undefined };
      },
    },
  );
  return { xml, messageId: result.kind === 'exported' ? result.messageId : null };
}

/** The end-to-end ids a payout file pays. */
export const endToEndIdsIn = (xml: string) => [...xml.matchAll(/<EndToEndId>([^<]+)<\/EndToEndId>/g)].map((m) => m[1]!);

/** A webhook endpoint of a brand that receives every event: so events are queued in the outbox, where a test reads them. */
export async function listenToWebhooks(t: TestApp, brandCode: string): Promise<void> {
  const brand = await t.db.selectFrom('brands').select('id').where('code', '=', brandCode).executeTakeFirstOrThrow();
  await insertWebhookEndpoint(t.db, {
    id: randomUUID(),
    brand_id: brand.id,
    url: 'https://hooks.example.com/tessera',
    events: null,
    secret_ciphertext: t.deps.crypto.cipher.encrypt('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', PURPOSE.webhookSecret),
    created_at: new Date().toISOString(),
    removed_at: null,
  });
}

/** The webhook events queued for a card, by type, with their bodies. */
export async function webhookEventsOf(t: TestApp, cardId: string): Promise<{ type: string; data: Record<string, unknown> }[]> {
  const rows = await t.db.selectFrom('outbox_messages').select(['payload_ciphertext', 'purpose']).where('card_id', '=', cardId).where('channel', '=', 'webhook').orderBy('created_at').execute();
  return rows.map((row) => {
    const message = JSON.parse(t.deps.crypto.cipher.decrypt(row.payload_ciphertext!, PURPOSE.outboxMessage)) as { body: string };
    const body = JSON.parse(message.body) as { type: string; data: Record<string, unknown> };
    return { type: body.type, data: body.data };
  });
}
