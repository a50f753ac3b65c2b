import type { BlockReason } from '@tessera/contracts/admin';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types. Portable on SQLite and PostgreSQL: ids are UUID strings made by the server,
 * times are ISO-8601 UTC strings (they sort as text), dates are yyyy-mm-dd, flags are 0/1
 * integers, money is an integer in minor units, binary content is a Buffer.
 */

/** Nullable, and an insert may leave it out (null then): most columns a later migration added are. */
type OptionalNullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface BrandsTable {
  id: string;
  code: string;
  slug: string;
  name: string;
  /** JSON of contracts' stylingSchema minus the image URLs (those come from brand_assets). */
  styling_json: string;
  asset_code: string;
  payout_fee: number;
  /** JSON of the brand file's `payoutReview` (020; domain/payout-review.ts); null: the defaults. */
  payout_review_json: string | null;
  replacement_minimum: number;
  terms_url: string | null;
  privacy_url: string | null;
  /** JSON array of origins allowed to frame the balance embed; '*' means any. */
  embed_origins_json: string;
  custom_css: string;
  created_at: string;
  updated_at: string;
}

/** Page availability per brand and flow, with the flow's languages and card scanning. */
export interface BrandFlowsTable {
  brand_id: string;
  flow_code: string;
  is_available: number;
  /** Comma-separated two-letter codes in the order the switcher shows them. */
  languages: string;
  scanning: number;
  position: number;
}

export interface BrandAssetsTable {
  brand_id: string;
  name: string;
  content_type: string;
  content: Buffer;
  /** Short content hash: ETag and cache-busting query of the asset URL. */
  etag: string;
  updated_at: string;
}

/** Each brand image or stylesheet once per content (023): drafts and versions name it `sha256:<hash>`. */
export interface BrandFilesTable {
  hash: string;
  content_type: string;
  content: Buffer;
  size: number;
  created_at: string;
}

/** A brand's draft (023): the checked brand file with its files as `sha256:<hash>`. */
export interface BrandDraftsTable {
  brand_id: string;
  file_json: string;
  based_on_version: number | null;
  updated_at: string;
  updated_by: string;
}

/** A published state of a brand (023); version 1 is the brand before its first draft or publish in the back office (published_by null). */
export interface BrandVersionsTable {
  brand_id: string;
  version: number;
  file_json: string;
  published_at: string;
  published_by: string | null;
  /** JSON [{path, before, after}]: the differences from the version before. */
  changes_json: string;
  change_count: number;
}

export interface BrandTranslationsTable {
  brand_id: string;
  culture: string;
  key: string;
  text: string;
}

export interface CardsTable {
  id: string;
  brand_id: string;
  kind: 'visa' | 'giftcard';
  number_ciphertext: string;
  number_index: string;
  number_key_version: number;
  /** Last three digits: what the masked display shows, kept so masking needs no decryption. */
  number_last3: string;
  /**
   * Last four digits in clear (PCI DSS allows showing them), for the back office's search by brand
   * and last digits (018). Null only for a row written before 018 until cards/fill-search-indexes.ts runs.
   */
  number_last4: OptionalNullable<string>;
  state: string;
  asset_code: string;
  expires_at: string | null;
  // failed_attempts, locked_until and operator_locked are still in the table, unused since
  // migration 015 (guessing counters per number, number_guesses) until a later release drops them.
  registered_at: string | null;
  paid_out_at: string | null;
  replaced_by_card_id: string | null;
  /** Stopped (lost, stolen, fraud) since then, whatever its state; null when not blocked (010). */
  blocked_at: string | null;
  block_reason: BlockReason | null;
  /** Imported cards: the file's `cards.import` audit event and the card's line in it (014); null otherwise. */
  import_event_id: ColumnType<string | null, string | null | undefined, never>;
  import_line: ColumnType<number | null, number | null | undefined, never>;
  /**
   * The sum of the card's ledger entries in its own asset, kept by the database's triggers on
   * ledger_entries (026; docs/decisions/048): what a list of cards shows. Money paths read the
   * ledger. Never written by the application; PostgreSQL answers a bigint as a string.
   */
  balance: ColumnType<number | string, never, never>;
  created_at: string;
  updated_at: string;
}

export interface CardSecretsTable {
  id: string;
  card_id: string;
  kind: 'security_code' | 'passcode' | 'recovery_code' | 'one_time_code';
  hash: string;
  pepper_version: number;
  /** One-time codes: what they serve (activation, recovery). */
  purpose: string | null;
  attempts_left: number | null;
  expires_at: string | null;
  /** Set when a one-time secret was used, or when a newer secret of the same kind replaced it. */
  used_at: string | null;
  created_at: string;
}

export interface VisaHoldersTable {
  card_id: string;
  holder_ciphertext: string;
  /** Under PIN_KEYS ("p{version}.…"); "v{version}.…" is an older PIN under DATA_KEYS, re-sealed at start. */
  pin_ciphertext: string | null;
  /** The DATA_KEYS version of holder_ciphertext (a PIN's ciphertext names its own key). */
  key_version: number;
  updated_at: string;
  /**
   * Blind indexes (PURPOSE.holderPhone, PURPOSE.email) of the holder's phone number in E.164 and
   * e-mail address in lower case (018): how the back office finds a holder's cards. Null: no such
   * value (erased, no e-mail), or a row written before 018 not yet filled.
   */
  phone_index: OptionalNullable<string>;
  email_index: OptionalNullable<string>;
}

export interface LedgerEntriesTable {
  id: string;
  card_id: string;
  asset_code: string;
  amount: number;
  kind: 'load' | 'payout' | 'fee' | 'replacement_out' | 'replacement_in' | 'expiry' | 'adjustment' | 'redemption' | 'refund';
  /** Unique: repeating a money-moving call with the same reference moves the money once. */
  reference: string;
  created_at: string;
}

/**
 * The ledger's entries per brand, UTC hour (yyyy-mm-ddThh), asset and kind, as far as the roll-up
 * has counted them (migration 025, reports/ledger-rollup.ts). bigint: PostgreSQL answers strings.
 */
export interface LedgerHoursTable {
  brand_id: string;
  hour: string;
  asset_code: string;
  kind: LedgerEntriesTable['kind'];
  entries: number | string;
  amount: number | string;
}

/** How far a roll-up has counted (migration 025): `ledger`: every entry whose insertion sequence is at or below counted_to. */
export interface ReportRollupsTable {
  name: string;
  counted_to: number | string;
  updated_at: string | null;
}

export interface AuditEventsTable {
  id: string;
  occurred_at: string;
  type: string;
  outcome: string;
  brand_id: string | null;
  card_id: string | null;
  flow_type: string | null;
  /**
   * Truncated client address (IPv4 /24, IPv6 /48): enough for abuse patterns, not a person. An
   * operator's change says `operator:NAME` here, a brand API call `api-key:ID`; a staff member's
   * is their own (truncated) address.
   */
  client: string | null;
  detail: string | null;
  /**
   * Who acted (016; null on events from before, and on events no one asked for by name): a staff
   * member's e-mail address, `cardholder`, `api:<key name>`, `operator` or `operator:<name>` (the
   * name `--by` or the login gave), or `system:<what>` (a sweep, a rule). An e-mail is the only
   * value with an `@` and no `:` prefix, so the kinds never collide. The back office shows it as
   * `by`, the `operator:<name>` and `system:<what>` forms as `operator` and `system`.
   */
  actor: string | null;
  /** The staff grant that allowed it: `<role>:<brand code>`, or `<role>:*` for all brands. */
  actor_grant: string | null;
  /** The request that asked for it (a staff call's request id), to join the event to its logs. */
  request_id: string | null;
  /** A change of money: the balance in the card's asset before and after, in minor units. */
  amount_before: number | null;
  amount_after: number | null;
}

export interface ErrorReportsTable {
  id: string;
  report_id: string;
  code: string;
  message: string;
  info: string | null;
  client: string | null;
  user_agent: string | null;
  created_at: string;
}

export interface SpentCaptchaTokensTable {
  token_hash: string;
  expires_at: string;
  created_at: string;
}

/** The transactional outbox: a message queued in the same transaction as the change behind it. */
export interface OutboxMessagesTable {
  id: string;
  channel: 'email' | 'sms' | 'webhook';
  purpose: string;
  brand_id: string | null;
  card_id: string | null;
  dedupe_key: string | null;
  /** Encrypted OutgoingMessage JSON; null once delivered or failed for good. */
  payload_ciphertext: string | null;
  recipient_hint: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: string;
  lease_until: string | null;
  last_error: string | null;
  /** The adapter that delivered it (smtp, local, …). */
  delivered_via: string | null;
  created_at: string;
  sent_at: string | null;
  updated_at: string;
  /** A webhook message's endpoint (022), so deliveries are grouped per endpoint; null for e-mail and SMS. */
  endpoint_id: OptionalNullable<string>;
}

/** A brand's webhook endpoint (013): events are signed with its secret (Standard Webhooks). */
export interface WebhookEndpointsTable {
  id: string;
  brand_id: string;
  url: string;
  /** JSON array of event types; null: every event. */
  events: string | null;
  /** The `whsec_…` secret, encrypted (signing needs it back). */
  secret_ciphertext: string;
  created_at: string;
  removed_at: string | null;
  /** The first failed attempt since the last delivered one (022); null while it delivers. */
  failing_since: OptionalNullable<string>;
  /** Attempts in a row that failed; 0 after a delivery. */
  consecutive_failures: Generated<number>;
  /** The endpoint's own backoff: nothing is sent to it before this time. */
  paused_until: OptionalNullable<string>;
  /** Switched off after failing for days: nothing is sent until an operator switches it on. */
  switched_off_at: OptionalNullable<string>;
}

/** One attempt to deliver one event to one endpoint (013). */
export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  outbox_message_id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  status_code: number | null;
  outcome: 'delivered' | 'failed';
  error: string | null;
  duration_ms: number;
  created_at: string;
}

/** What the local adapters delivered (embedded default only), read at GET /dev/outbox. */
export interface LocalMailboxTable {
  id: string;
  channel: 'email' | 'sms';
  /** Encrypted OutgoingMessage JSON. */
  message_ciphertext: string;
  created_at: string;
}

/** REPLACE: which card replaced which, and where the new one was e-mailed (encrypted). */
export interface CardReplacementsTable {
  old_card_id: string;
  new_card_id: string;
  email_ciphertext: string;
  /** Blind index (PURPOSE.email) of the address in lower case (018); null until filled for older rows. */
  email_index: OptionalNullable<string>;
  culture: string;
  created_at: string;
}

/** A staff member's note on a card (018): the text sealed (PURPOSE.cardNote), it may name a person. */
export interface CardNotesTable {
  id: string;
  card_id: string;
  brand_id: string;
  text_ciphertext: string;
  /** The staff member's e-mail address. */
  author: string;
  created_at: string;
}

/** A balance adjustment under four eyes (019): proposed by one member of staff, decided by another. */
export interface AdjustmentProposalsTable {
  id: string;
  card_id: string;
  brand_id: string;
  asset_code: string;
  /** Minor units, signed, not 0. */
  amount: number;
  reason: string;
  reference: string | null;
  status: 'pending' | 'applied' | 'rejected';
  /** The proposer's e-mail address (lower case). */
  proposed_by: string;
  proposed_at: string;
  decided_by: string | null;
  decided_at: string | null;
  /** A rejection's reason. */
  decision_reason: string | null;
  /** The card's balance in its asset when the adjustment was booked. */
  balance_before: number | null;
  balance_after: number | null;
}

/** VISA: the PIN frame's one-time keys (60 s, single use), stored as a keyed hash. */
export interface PinFrameKeysTable {
  key_hash: string;
  card_id: string;
  control_id: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
  /** Keyed hash of the frame session the key's first page load opened (migration 008); null before. */
  frame_session_hash: string | null;
}

/** PAYOUT: one payout attempt of a card (migration 005). */
export interface PayoutsTable {
  id: string;
  card_id: string;
  brand_id: string;
  attempt: number;
  /** Minor units transferred to the cardholder, and the brand's fee kept back. */
  amount: number;
  fee: number;
  asset_code: string;
  /** The verified name (purpose payout-name) and the IBAN (purpose payout-iban), encrypted. */
  name_ciphertext: string;
  iban_ciphertext: string;
  iban_hint: string;
  bic: string;
  identity_session_id: string | null;
  /**
   * returned: paid, then sent back by the bank (011); like failed, the money is back on the card.
   * held: a review rule held it, no export takes it until staff release it (020); rejected: staff
   * refused it, the money is back on the card.
   */
  status: 'pending' | 'exported' | 'paid' | 'failed' | 'returned' | 'held' | 'rejected';
  /** The SEPA file (payout_batches.id, its MsgId) the payout went into. */
  batch_id: string | null;
  end_to_end_id: string;
  created_at: string;
  exported_at: string | null;
  settled_at: string | null;
  updated_at: string;
  /** Blind index (PURPOSE.payoutIban) of the IBAN (020): other payouts to it, found without decrypting; null before 020 until filled. */
  iban_index: string | null;
}

/** Why a payout was held and what staff decided (020). */
export interface PayoutReviewsTable {
  payout_id: string;
  /** JSON array of the rules it hit (domain/payout-review.ts). */
  rules: string;
  held_at: string;
  decision: 'released' | 'rejected' | null;
  decided_by: string | null;
  decided_at: string | null;
  fraud: number;
}

/** A brand's block list of IBANs (020): found by blind index, sealed for key rotation, masked for people. */
export interface PayoutIbanBlocksTable {
  id: string;
  brand_id: string;
  iban_index: string;
  iban_ciphertext: string;
  iban_hint: string;
  payout_id: string | null;
  created_by: string;
  created_at: string;
}

/** One exported SEPA credit transfer file. */
export interface PayoutBatchesTable {
  id: string;
  format: 'pain.001.001.09' | 'pain.001.001.03';
  payout_count: number;
  control_sum: number;
  asset_code: string;
  file_sha256: string;
  created_at: string;
}

/** PAYOUT and IDENTIFY: one bank identity check (migration 006, docs/decisions/014). */
export interface IdentitySessionsTable {
  id: string;
  brand_id: string;
  flow_type: 'PAYOUT' | 'IDENTIFY';
  provider: string;
  /** The iDIN issuer's BIC. */
  issuer: string;
  redirect_url: string;
  /** The web app's key of its stored flow state, handed back on the return. */
  client_state: string;
  /** Blind index (PURPOSE.identityState) of the OpenID Connect state. */
  oidc_state_hash: string;
  /** Encrypted (PURPOSE.identityRequest) JSON IdentityRequestSecrets. */
  request_ciphertext: string;
  status: 'started' | 'verified' | 'cancelled' | 'failed';
  error: string | null;
  /** Blind index (PURPOSE.identitySession) of the sessionId handed to the browser. */
  session_id_hash: string | null;
  /** Encrypted (PURPOSE.identity) JSON VerifiedIdentity. */
  identity_ciphertext: string | null;
  /** Blind index (PURPOSE.identitySubject) of the provider's issuer URL + subject. */
  subject_hash: string | null;
  /** Set when a customer call spends the session: the card it was used for. */
  card_id: string | null;
  /** Migration 009: the card whose security code the session call proved (null: started without the card). */
  bound_card_id: string | null;
  /** The security-code secret row that matched at the session call. */
  bound_secret_id: string | null;
  /** Encrypted (PURPOSE.identityIban): the IBAN the PAYOUT session call was given. */
  bound_iban_ciphertext: string | null;
  created_at: string;
  expires_at: string;
  returned_at: string | null;
  used_at: string | null;
}

/** IDENTIFY: a card registered to a verified identity, once. */
export interface CardRegistrationsTable {
  card_id: string;
  brand_id: string;
  identity_session_id: string;
  subject_hash: string;
  identity_ciphertext: string;
  created_at: string;
}

/**
 * The guessing counters of every number that was guessed wrong, a card's or not (migrations 007
 * and 015), under the number's blind index: consecutive wrong secrets and the cool-down they
 * started. No row: no wrong secret since the last right one. 100 or more: locked until an
 * operator unlocks it (domain/guessing-policy.ts).
 */
export interface NumberGuessesTable {
  number_index: string;
  failed_attempts: number;
  locked_until: string | null;
  updated_at: string;
}

/** The brand API's keys (migration 012): a keyed hash only, never the key. */
export interface ApiKeysTable {
  id: string;
  brand_id: string;
  name: string;
  /** The key's first characters ("tsk_" and 8 more), for the operator's list. */
  prefix: string;
  /** Blind index (PURPOSE.apiKey) of the whole key. */
  key_hash: string;
  /** Comma-separated scopes (cards:read, cards:write, redemptions:write, loads:write). */
  scopes: string;
  created_at: string;
  /** Written at most once a minute per key. */
  last_used_at: string | null;
  revoked_at: string | null;
}

/** One Idempotency-Key of one API key (migration 012; brand-api/idempotency.ts). */
export interface IdempotencyKeysTable {
  id: string;
  api_key_id: string;
  key: string;
  /** Blind index (PURPOSE.idempotentRequest) of the method, path and body. */
  request_hash: string;
  state: 'in_flight' | 'done';
  /** Which request holds the claim: only it may store the answer. */
  claim_id: string;
  /** An in-flight claim older than this was left by a crashed request: another may take it over. */
  locked_until: string;
  status: number | null;
  /** The answer's JSON body, encrypted (PURPOSE.idempotentResponse): an issued card's number and codes are in it. */
  response_ciphertext: string | null;
  created_at: string;
}

/** A redemption (ledger entry kind `redemption`, same id) and how much of it was refunded (migration 012). */
export interface RedemptionsTable {
  id: string;
  card_id: string;
  asset_code: string;
  /** Positive minor units taken off the card (the ledger entry is its negative). */
  amount: number;
  refunded: Generated<number>;
  created_at: string;
}

/** A ledger entry the brand API booked (migration 012): which key, the brand's reference, a refund's redemption. */
export interface ApiLedgerEntriesTable {
  entry_id: string;
  card_id: string;
  api_key_id: string;
  reference: string | null;
  redemption_id: string | null;
}

/** A role on one brand (brand_id) or on all brands (null) for an e-mail address (migration 017). */
export interface StaffGrantsTable {
  id: string;
  /** Lower case. */
  email: string;
  role: 'support' | 'finance' | 'brand-admin' | 'admin';
  brand_id: string | null;
  /** A staff e-mail, or `operator:NAME` for a grant made with the CLI. */
  granted_by: string;
  granted_at: string;
}

/** A signed-in staff member (017); the id only as its keyed hash. */
export interface StaffSessionsTable {
  id_hash: string;
  email: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ended_at: string | null;
  amr: string;
  user_agent: string | null;
}

/** A sign-in under way at the staff's identity provider (017). */
export interface StaffLoginsTable {
  state_hash: string;
  browser_hash: string;
  /** Encrypted (PURPOSE.staffLogin) JSON: nonce, PKCE verifier, return path. */
  request_ciphertext: string;
  created_at: string;
  expires_at: string;
}

export interface Database {
  brands: BrandsTable;
  brand_flows: BrandFlowsTable;
  brand_assets: BrandAssetsTable;
  brand_files: BrandFilesTable;
  brand_drafts: BrandDraftsTable;
  brand_versions: BrandVersionsTable;
  brand_translations: BrandTranslationsTable;
  cards: CardsTable;
  card_secrets: CardSecretsTable;
  visa_holders: VisaHoldersTable;
  ledger_entries: LedgerEntriesTable;
  ledger_hours: LedgerHoursTable;
  report_rollups: ReportRollupsTable;
  audit_events: AuditEventsTable;
  error_reports: ErrorReportsTable;
  spent_captcha_tokens: SpentCaptchaTokensTable;
  outbox_messages: OutboxMessagesTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  local_mailbox: LocalMailboxTable;
  card_replacements: CardReplacementsTable;
  payouts: PayoutsTable;
  payout_batches: PayoutBatchesTable;
  payout_reviews: PayoutReviewsTable;
  payout_iban_blocks: PayoutIbanBlocksTable;
  pin_frame_keys: PinFrameKeysTable;
  identity_sessions: IdentitySessionsTable;
  card_registrations: CardRegistrationsTable;
  number_guesses: NumberGuessesTable;
  api_keys: ApiKeysTable;
  idempotency_keys: IdempotencyKeysTable;
  redemptions: RedemptionsTable;
  api_ledger_entries: ApiLedgerEntriesTable;
  card_notes: CardNotesTable;
  adjustment_proposals: AdjustmentProposalsTable;
  staff_grants: StaffGrantsTable;
  staff_sessions: StaffSessionsTable;
  staff_logins: StaffLoginsTable;
}

export type BrandRow = Selectable<BrandsTable>;
export type BrandFlowRow = Selectable<BrandFlowsTable>;
export type CardRow = Selectable<CardsTable>;
export type NewCard = Insertable<CardsTable>;
export type CardUpdate = Updateable<CardsTable>;
export type CardSecretRow = Selectable<CardSecretsTable>;
// Generated is re-exported for repositories that add defaulted columns later.
export type { Generated };

export type OutboxMessageRow = Selectable<OutboxMessagesTable>;
export type CardReplacementRow = Selectable<CardReplacementsTable>;
export type PayoutRow = Selectable<PayoutsTable>;
export type IdentitySessionRow = Selectable<IdentitySessionsTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
