// What the document forbids does not compile: `npm run typecheck` fails as soon as one of the calls
// below, each marked as an expected error, type-checks (a header made optional, a field loosened).
import type { TesseraClient } from './client.js';

export async function callsTheDocumentRefuses(client: TesseraClient): Promise<void> {
  // @ts-expect-error a POST of /api/v1 without its Idempotency-Key header
  await client.POST('/api/v1/cards/{id}/redemptions', { params: { path: { id: 'card' } }, body: { amount: { value: 100, assetCode: 'EUR' } } });
  // @ts-expect-error an amount without its currency
  await client.POST('/api/v1/cards/{id}/loads', { params: { path: { id: 'card' }, header: { 'idempotency-key': 'k' } }, body: { amount: { value: 100 } } });
  // @ts-expect-error a path the API does not have
  await client.GET('/api/v1/cards/{id}/pin', { params: { path: { id: 'card' } } });
}
