import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { databaseFile } from '../playwright.config';

/**
 * Records that a card entered a 30-minute guessing cool-down `minutesAgo` minutes ago, over now,
 * in the e2e server's own database, as the server records one (an audit event `card.lockout`).
 * A real cool-down takes wrong guesses and half an hour before the card may be used again: a clock
 * the browser cannot move otherwise. The payout review's cool-down rule reads these events.
 */
export function recordPastCooldown(cardId: string, minutesAgo: number): void {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the tests through e2e/playwright.config.ts');
  const db = new Database(databaseFile(dir));
  try {
    db.pragma('busy_timeout = 5000');
    const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const inserted = db
      .prepare(
        `insert into audit_events (id, occurred_at, type, outcome, brand_id, card_id, flow_type, client, detail)
         select ?, ?, 'card.lockout', 'cooldown_30m', brand_id, id, 'PAYOUT', null, 'after 5 consecutive wrong secrets' from cards where id = ?`,
      )
      .run(randomUUID(), at, cardId).changes;
    if (inserted !== 1) throw new Error(`no card ${cardId}`);
  } finally {
    db.close();
  }
}
