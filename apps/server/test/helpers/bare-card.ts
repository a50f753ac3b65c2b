import type { Db } from '../../src/db/database.js';

/**
 * An issued gift card written straight to the table, for tests that read only its brand, asset,
 * expiry and ledger (the reports, the kept balance): its number is a placeholder that no lookup
 * decrypts.
 */
export async function insertBareCard(db: Db, card: { id: string; brandId: string; asset: string; expiresAt: string | null }): Promise<void> {
  const at = '2026-01-01T00:00:00.000Z';
  await db
    .insertInto('cards')
    .values({
      id: card.id,
      brand_id: card.brandId,
      kind: 'giftcard',
      number_ciphertext: `test:${card.id}`,
      number_index: `test-index-${card.id}`,
      number_key_version: 1,
      number_last3: '999',
      number_last4: '9999',
      state: 'issued',
      asset_code: card.asset,
      expires_at: card.expiresAt,
      registered_at: null,
      paid_out_at: null,
      replaced_by_card_id: null,
      blocked_at: null,
      block_reason: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
}
