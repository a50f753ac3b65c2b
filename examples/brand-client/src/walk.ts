// A walk through the brand API as a till or webshop would make it: issue a gift card, look it up
// by its number, redeem from it, refund part of that, and list its transactions.
//   TESSERA_URL=http://localhost:8080 TESSERA_API_KEY=tsk_… npm run walk -w examples/brand-client
// (a key with every scope: `npm run tessera -- api-keys create --brand DEMO --name example
//  --scopes cards:read,cards:write,redemptions:write,loads:write`)
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { dataOf, type TesseraClient, tesseraClient } from './client.js';

export interface WalkResult {
  cardId: string;
  balanceAfterIssue: number;
  balanceAfterRedemption: number;
  balanceAfterRefund: number;
  transactions: Array<{ kind: string; amount: number; balanceAfter: number }>;
}

/** The walk, with amounts in cents of the brand's asset. */
export async function walk(client: TesseraClient, assetCode = 'EUR'): Promise<WalkResult> {
  const issued = dataOf(
    await client.POST('/api/v1/cards', {
      params: { header: { 'idempotency-key': randomUUID() } },
      body: { kind: 'giftcard', balance: { value: 2500, assetCode } },
    }),
  );
  const card = dataOf(
    await client.POST('/api/v1/cards/lookup', {
      params: { header: { 'idempotency-key': randomUUID() } },
      body: { cardNumber: issued.cardNumber },
    }),
  );
  const redemption = dataOf(
    await client.POST('/api/v1/cards/{id}/redemptions', {
      params: { path: { id: card.id }, header: { 'idempotency-key': randomUUID() } },
      body: { amount: { value: 1000, assetCode }, reference: 'order 1001' },
    }),
  );
  const refund = dataOf(
    await client.POST('/api/v1/redemptions/{id}/refunds', {
      params: { path: { id: redemption.id }, header: { 'idempotency-key': randomUUID() } },
      body: { amount: { value: 400, assetCode }, reference: 'return of order 1001' },
    }),
  );
  const listed = dataOf(await client.GET('/api/v1/cards/{id}/transactions', { params: { path: { id: card.id }, query: { limit: 10 } } }));
  return {
    cardId: card.id,
    balanceAfterIssue: issued.balance.value,
    balanceAfterRedemption: redemption.balanceAfter.value,
    balanceAfterRefund: refund.balanceAfter.value,
    transactions: listed.items.map((t) => ({ kind: t.kind, amount: t.amount.value, balanceAfter: t.balanceAfter.value })),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const key = process.env.TESSERA_API_KEY;
  if (!key) throw new Error('Set TESSERA_API_KEY to a brand API key.');
  const result = await walk(tesseraClient(process.env.TESSERA_URL ?? 'http://localhost:8080', key));
  console.log(JSON.stringify(result, null, 2));
}
