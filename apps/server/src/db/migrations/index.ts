import type { Migration, MigrationProvider } from 'kysely';
import * as foundation from './001_foundation.js';
import * as outbox from './002_outbox.js';
import * as cardReplacements from './003_card_replacements.js';
import * as visa from './004_visa.js';
import * as payouts from './005_payouts.js';
import * as identity from './006_identity.js';
import * as numberGuesses from './007_number_guesses.js';
import * as pinFrameSessions from './008_pin_frame_sessions.js';
import * as identityBoundCard from './009_identity_bound_card.js';
import * as cardOperations from './010_card_operations.js';
import * as payoutReturns from './011_payout_returns.js';
import * as brandApi from './012_brand_api.js';
import * as webhooks from './013_webhooks.js';
import * as cardImportBatches from './014_card_import_batches.js';
import * as guessingByNumber from './015_guessing_by_number.js';
import * as auditActor from './016_audit_actor.js';
import * as staff from './017_staff.js';
import * as staffCardSearch from './018_staff_card_search.js';
import * as adjustmentProposals from './019_adjustment_proposals.js';
import * as payoutReview from './020_payout_review.js';
import * as reportIndexes from './021_report_indexes.js';
import * as deliveryLanes from './022_delivery_lanes.js';
import * as brandDrafts from './023_brand_drafts.js';
import * as ledgerHours from './025_ledger_hours.js';
import * as cardBalance from './026_card_balance.js';

/**
 * Migrations are listed in code rather than read from a folder, so the esbuild bundle carries
 * them and no file system layout has to survive the build. Names sort in the order they run.
 */
const migrations: Record<string, Migration> = {
  '001_foundation': foundation,
  '002_outbox': outbox,
  '003_card_replacements': cardReplacements,
  '004_visa': visa,
  '005_payouts': payouts,
  '006_identity': identity,
  '007_number_guesses': numberGuesses,
  '008_pin_frame_sessions': pinFrameSessions,
  '009_identity_bound_card': identityBoundCard,
  '010_card_operations': cardOperations,
  '011_payout_returns': payoutReturns,
  '012_brand_api': brandApi,
  '013_webhooks': webhooks,
  '014_card_import_batches': cardImportBatches,
  '015_guessing_by_number': guessingByNumber,
  '016_audit_actor': auditActor,
  '017_staff': staff,
  '018_staff_card_search': staffCardSearch,
  '019_adjustment_proposals': adjustmentProposals,
  '020_payout_review': payoutReview,
  '021_report_indexes': reportIndexes,
  '022_delivery_lanes': deliveryLanes,
  '023_brand_drafts': brandDrafts,
  '025_ledger_hours': ledgerHours,
  '026_card_balance': cardBalance,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
