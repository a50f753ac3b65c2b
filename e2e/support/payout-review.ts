import { randomUUID } from 'node:crypto';
import { inE2eDatabase } from './e2e-database';

/**
 * Records that a card entered a 30-minute guessing cool-down `minutesAgo` minutes ago, over now,
 * in the e2e server's own database, as the server records one (an audit event `card.lockout`).
 * A real cool-down takes wrong guesses and half an hour before the card may be used again: a clock
 * the browser cannot move otherwise. The payout review's cool-down rule reads these events.
 */
export function recordPastCooldown(cardId: string, minutesAgo: number): void {
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const inserted = inE2eDatabase(
    (db) =>
      db
        .prepare(
          `insert into audit_events (id, occurred_at, type, outcome, brand_id, card_id, flow_type, client, detail)
           select ?, ?, 'card.lockout', 'cooldown_30m', brand_id, id, 'PAYOUT', null, 'after 5 consecutive wrong secrets' from cards where id = ?`,
        )
        .run(randomUUID(), at, cardId).changes,
  );
  if (inserted !== 1) throw new Error(`no card ${cardId}`);
}
