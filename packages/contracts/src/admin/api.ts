import { z } from 'zod';
import { cardNumberField } from '../api/common.js';
import { moneySchema } from '../api/cards.js';
import { STAFF_ROLES } from './roles.js';
import { multilineText, plainText } from '../text.js';

/*
 * The back office's calls: JSON in and out, money as
 * {value, assetCode} in minor units, cards by the opaque id the brand API uses, a card number only
 * ever masked. Errors are {code, message} as everywhere: 401 UNAUTHORIZED without a session, 403
 * FORBIDDEN for an action the role does not allow (and for a POST without the back office's
 * Origin), 404 CARD_NOT_FOUND / NOT_FOUND for anything outside the caller's brands.
 */

export const staffRoleSchema = z.enum(STAFF_ROLES);
/** A brand code as grants and filters name it (the brand file's `code`). */
export const brandCodeField = z.string().min(1).max(32).regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only');
/** An e-mail address as a grant names it: compared in lower case. */
export const staffEmailField = z.string().trim().toLowerCase().max(254).email('an e-mail address');

export const staffGrantSchema = z.object({ role: staffRoleSchema, brand: brandCodeField.nullable() });

/** GET /admin/api/me */
export const adminMeSchema = z.object({ email: z.string(), grants: z.array(staffGrantSchema) });
export type AdminMe = z.infer<typeof adminMeSchema>;

/** How many cards a search answers at most. */
export const CARD_SEARCH_LIMIT = 50;

/** POST /admin/api/cards/search: exactly one way of finding a card. */
export const cardSearchRequestSchema = z.union([
  z.object({ number: cardNumberField }).strict(),
  z.object({ brand: brandCodeField, last: z.string().regex(/^\d{3,4}$/, '3 or 4 digits') }).strict(),
  /** A Visa holder's phone number, E.164 (+31612345601) or as typed with spaces. */
  z.object({ phone: z.string().trim().min(6).max(32).regex(/^\+?[\d\s()-]+$/, 'a phone number') }).strict(),
  /** An address the card's replacement or holder record names. */
  z.object({ email: z.string().trim().toLowerCase().max(254).email('an e-mail address') }).strict(),
]);
export type CardSearchRequest = z.input<typeof cardSearchRequestSchema>;

export const CARD_KINDS = ['visa', 'giftcard'] as const;
export const BLOCK_REASONS = ['lost', 'stolen', 'fraud', 'other'] as const;
export type BlockReason = (typeof BLOCK_REASONS)[number];

/** A card as a search lists it. `state` is the brand API's state of the card (docs/brand-api.md). */
export const adminCardSummarySchema = z.object({
  id: z.string(),
  brand: z.string(),
  kind: z.enum(CARD_KINDS),
  masked: z.string(),
  state: z.string(),
  blocked: z.boolean(),
  balance: moneySchema,
});
export type AdminCardSummary = z.infer<typeof adminCardSummarySchema>;

export const cardSearchResultSchema = z.object({ cards: z.array(adminCardSummarySchema).max(CARD_SEARCH_LIMIT) });

/** Kinds of timeline entry (what happened to the card). */
export const TIMELINE_KINDS = ['ledger', 'state', 'guessing', 'message', 'payout', 'registration', 'note', 'staff', 'lookup'] as const;

/**
 * What a timeline entry says, as a code the back office translates (nl, en) with its params.
 * A code the app has no text for (a server newer than the app) shows the entry's English
 * `summary` instead, so the list is open.
 */
export const TIMELINE_CODES = [
  'ledger.load', 'ledger.payout', 'ledger.fee', 'ledger.replacement_out', 'ledger.replacement_in', 'ledger.expiry', 'ledger.adjustment', 'ledger.redemption', 'ledger.refund', 'ledger.other',
  'guessing.cooldown_30m', 'guessing.cooldown_2h', 'guessing.cooldown_24h', 'guessing.operator_lock', 'guessing.other', 'guessing.unlocked', 'guessing.unlocked_after',
  'card.blocked', 'card.unblocked', 'card.unblocked_since', 'card.issued', 'card.issued_replacement', 'card.activated', 'card.expired', 'card.replaced', 'card.registered',
  'card.recovery_code', 'card.replacement_resent', 'card.adjusted', 'card.reset', 'holder.erased', 'holder.exported',
  'adjustment.proposed', 'adjustment.rejected',
  'lookup.balance', 'lookup.visa', 'lookup.pin', 'lookup.api', 'lookup.identify',
  'message', 'payout', 'registration', 'note', 'event',
] as const;
export type TimelineCode = (typeof TIMELINE_CODES)[number];

/**
 * A param of a timeline entry: a word the app may translate (an outcome, a status, a reason), an
 * instant (ISO 8601, `since`), a number, or an amount the app formats in the reader's locale. `detail` (free text of the audit
 * trail, personal data masked) and `text` (a note) are shown as written.
 */
export const timelineParamSchema = z.union([z.string(), z.number(), moneySchema]);

/** One entry of a card's timeline; `by`: a staff e-mail, `cardholder`, `api:<key name>`, `operator` or `system`. */
export const timelineEntrySchema = z.object({
  at: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  /** In English, for readers without the code's text (and the operator's tool). */
  summary: z.string(),
  code: z.string().max(64),
  params: z.record(z.string(), timelineParamSchema),
  by: z.string(),
  /** For a ledger entry: the signed amount. */
  amount: moneySchema.optional(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** How many timeline entries one page holds. */
export const TIMELINE_PAGE_SIZE = 50;

export const timelinePageSchema = z.object({ items: z.array(timelineEntrySchema), nextCursor: z.string().nullable() });
export type TimelinePage = z.infer<typeof timelinePageSchema>;

/** The guessing counters of the card's number (docs/decisions/027). */
export const guessingSchema = z.object({
  failedAttempts: z.number().int(),
  coolingDownUntil: z.string().nullable(),
  /** 100 wrong secrets: locked until staff or the operator unlocks it. */
  locked: z.boolean(),
});

/** GET /admin/api/cards/{id}: the card page; `timeline` is its first page, newest first. */
export const adminCardSchema = adminCardSummarySchema.extend({
  blockReason: z.enum(BLOCK_REASONS).nullable(),
  blockedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  guessing: guessingSchema,
  /** Whether the card has a replacement e-mail that may be sent again. */
  replacementSent: z.boolean(),
  timeline: z.array(timelineEntrySchema),
  timelineNextCursor: z.string().nullable(),
});
export type AdminCard = z.infer<typeof adminCardSchema>;

/** Staff notes reach the CLI, exports and the audit trail: line breaks, no other control characters. */
const noteField = multilineText().trim().min(1).max(2000);
export const blockRequestSchema = z.object({ reason: z.enum(BLOCK_REASONS), note: noteField.optional() }).strict();
export const cardActionRequestSchema = z.object({ note: noteField.optional() }).strict();
export const noteRequestSchema = z.object({ text: multilineText().trim().min(1, 'required').max(2000, 'at most 2000 characters') }).strict();
export const noteSchema = z.object({ id: z.string(), cardId: z.string(), text: z.string(), by: z.string(), at: z.string() });
export type Note = z.infer<typeof noteSchema>;

/** GET /admin/api/audit?brand=&card=&staff=&cursor= */
export const auditQuerySchema = z.object({
  brand: brandCodeField.optional(),
  card: z.string().max(64).optional(),
  staff: z.string().max(254).optional(),
  cursor: z.string().max(256).optional(),
});
/**
 * One event of the audit trail: `action` its type (AUDIT_TYPES) and `detail` its outcome and free
 * text in English, as the design names them; the app translates `action` and `outcome` and shows
 * `remark` (the free text, personal data masked) as written.
 */
export const auditItemSchema = z.object({
  at: z.string(),
  staff: z.string().nullable(),
  action: z.string(),
  brand: z.string().nullable(),
  card: z.string().nullable(),
  detail: z.string().nullable(),
  outcome: z.string(),
  remark: z.string().nullable(),
});
export const auditPageSchema = z.object({ items: z.array(auditItemSchema), nextCursor: z.string().nullable() });
export type AuditItem = z.infer<typeof auditItemSchema>;

/** GET /admin/api/brands: the caller's brands. */
export const adminBrandListSchema = z.object({ brands: z.array(z.object({ code: z.string(), name: z.string() })) });

/** GET /admin/api/staff (admins of all brands): every grant. */
export const staffGrantListSchema = z.object({
  grants: z.array(staffGrantSchema.extend({ email: z.string(), grantedBy: z.string(), grantedAt: z.string() })),
});
/** POST /admin/api/staff/grants and /admin/api/staff/grants/revoke */
export const staffGrantRequestSchema = z.object({ email: staffEmailField, role: staffRoleSchema, brand: brandCodeField.nullable() }).strict();
export type StaffGrantRequest = z.input<typeof staffGrantRequestSchema>;

/** Why a sign-in was refused: the page the callback ends on says so in the staff member's language. */
export const SIGN_IN_REFUSALS = ['no_second_factor', 'no_grant', 'no_email', 'email_unverified', 'failed', 'expired'] as const;
export type SignInRefusal = (typeof SIGN_IN_REFUSALS)[number];

/*
 * Balance adjustments under four eyes: one member of staff proposes (support, finance, admin), a
 * second with finance or admin on the card's brand approves or rejects; never their own
 * (403 FOUR_EYES_REQUIRED), never twice (409 ALREADY_DECIDED).
 */
export const ADJUSTMENT_STATUSES = ['pending', 'applied', 'rejected'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];
/** The most one adjustment may move, in minor units: a correction, not a load (EUR 100 000). */
export const ADJUSTMENT_MAX = 10_000_000;

/** A reason kept with the adjustment and in the audit trail: one line, no control characters. */
const adjustmentReasonField = plainText().trim().min(1, 'required').max(500, 'at most 500 characters');

/** POST /admin/api/cards/{id}/adjustments: `value` signed (negative takes off the card), not 0, in the card's asset. */
export const adjustmentRequestSchema = z
  .object({
    amount: z.object({
      value: z.number().int('whole minor units').refine((v) => v !== 0, 'not 0').refine((v) => Math.abs(v) <= ADJUSTMENT_MAX, `at most ${ADJUSTMENT_MAX} either way`),
      assetCode: z.string().min(1).max(16),
    }).strict(),
    reason: adjustmentReasonField,
    /** Your own reference (a ticket); the same reference on the same card is the same proposal. */
    reference: plainText().trim().min(1).max(64).optional(),
  })
  .strict();
export type AdjustmentRequest = z.input<typeof adjustmentRequestSchema>;

/** An adjustment as the queue and the card page list it: who proposed and decided it, and when. */
export const adjustmentSchema = z.object({
  id: z.string(),
  cardId: z.string(),
  brand: z.string(),
  masked: z.string(),
  amount: moneySchema,
  reason: z.string(),
  reference: z.string().nullable(),
  status: z.enum(ADJUSTMENT_STATUSES),
  proposedBy: z.string(),
  proposedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** A rejection's reason. */
  decisionReason: z.string().nullable(),
  /** Once applied: the card's balance after it. */
  balanceAfter: moneySchema.nullable(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

/** How many adjustments one listing answers at most (newest first). */
export const ADJUSTMENT_LIST_LIMIT = 100;

/** GET /admin/api/adjustments?status=&card= (status `pending` when absent; `decided`: applied or rejected; `all`: every status). */
export const ADJUSTMENT_FILTERS = [...ADJUSTMENT_STATUSES, 'decided', 'all'] as const;
export type AdjustmentFilter = (typeof ADJUSTMENT_FILTERS)[number];
export const adjustmentQuerySchema = z.object({
  status: z.enum(ADJUSTMENT_FILTERS).default('pending'),
  card: z.string().min(1).max(64).optional(),
});
export const adjustmentListSchema = z.object({ items: z.array(adjustmentSchema).max(ADJUSTMENT_LIST_LIMIT) });

export const approveAdjustmentRequestSchema = z.object({}).strict();
export const approveAdjustmentResultSchema = z.object({ status: z.literal('applied'), balanceAfter: moneySchema });
export const rejectAdjustmentRequestSchema = z.object({ reason: adjustmentReasonField }).strict();
export const rejectAdjustmentResultSchema = z.object({ status: z.literal('rejected') });
/** The longest period a report covers at once, in days (a year, leap or not). */
export const REPORT_MAX_DAYS = 366;
/** The windows of the expiring report: balances expiring within this many days from today. */
export const EXPIRING_WINDOWS = [30, 60, 90] as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const dayNumber = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;
/** A calendar date, yyyy-mm-dd (an Amsterdam day in the reports): 2026-02-30 is refused. */
export const reportDateField = z
  .string()
  .regex(DATE, 'a date, yyyy-mm-dd')
  .refine((text) => !DATE.test(text) || new Date(dayNumber(text) * 86_400_000).toISOString().slice(0, 10) === text, 'not a calendar date');

/** GET /admin/api/reports/expiring?brand= */
export const reportBrandQuerySchema = z.object({ brand: brandCodeField });

/**
 * GET /admin/api/reports/liability and /activity ?brand=&from=&to=: a brand and a period of
 * Amsterdam days, both ends included (without them: the 30 days up to today). `to` may not be
 * after today; at most REPORT_MAX_DAYS days.
 */
export const reportPeriodQuerySchema = reportBrandQuerySchema
  .extend({ from: reportDateField.optional(), to: reportDateField.optional() })
  .superRefine((query, ctx) => {
    if (query.from === undefined || query.to === undefined) return;
    if (query.to < query.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'not before from' });
    else if (dayNumber(query.to) - dayNumber(query.from) + 1 > REPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `at most ${REPORT_MAX_DAYS} days after from` });
  });
export type ReportPeriodQuery = z.input<typeof reportPeriodQuerySchema>;

/** The outstanding balance of the brand's cards in an asset at the end of an Amsterdam day, minor units. */
export const liabilityPointSchema = z.object({ date: z.string(), value: z.number().int(), assetCode: z.string() });
export const liabilityReportSchema = z.object({ points: z.array(liabilityPointSchema) });
export type LiabilityReport = z.infer<typeof liabilityReportSchema>;

/** Balances above zero expiring from today up to and including the `withinDays`th day after it (each window includes the shorter ones). */
export const expiringBucketSchema = z.object({ withinDays: z.number().int(), value: z.number().int(), cards: z.number().int(), assetCode: z.string() });
export const expiringReportSchema = z.object({ buckets: z.array(expiringBucketSchema) });
export type ExpiringReport = z.infer<typeof expiringReportSchema>;

/**
 * What happened on a brand's cards per Amsterdam day: the customers' successful lookups and
 * activations (from the audit trail; no money, so `value` and `assetCode` are null) and the
 * ledger's entries per kind (their count and sum in the asset).
 */
export const ACTIVITY_KINDS = ['lookup', 'activation', 'load', 'redemption', 'refund', 'payout', 'fee', 'adjustment', 'replacement_out', 'replacement_in', 'expiry'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export const activityPointSchema = z.object({
  date: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  count: z.number().int(),
  value: z.number().int().nullable(),
  assetCode: z.string().nullable(),
});
export const activityReportSchema = z.object({ points: z.array(activityPointSchema) });
export type ActivityReport = z.infer<typeof activityReportSchema>;

/*
 * Payout batches (finance and admins: `payouts.review`). A batch is one SEPA credit transfer file
 * (pain.001) and the payouts it holds; its id is the file's message id. A batch belongs to the
 * brands of its payouts: the back office exports one brand at a time, the operator's tool every
 * brand at once, and a batch is shown only to whoever may review payouts of every brand in it.
 * IBANs are shown as `ibanHint` only; the full IBAN and the name are in the file alone.
 */
export const PAIN_FORMATS = ['pain.001.001.09', 'pain.001.001.03'] as const;
export type PainFormat = (typeof PAIN_FORMATS)[number];

/** A payout's status; open, because statuses may be added (a payout held for review). */
export const PAYOUT_STATUS_NAMES = ['pending', 'held', 'exported', 'paid', 'failed', 'returned', 'rejected'] as const;

/** POST /admin/api/payout-batches: the brand's pending payouts into a new batch. */
export const payoutBatchRequestSchema = z.object({ brand: brandCodeField, format: z.enum(PAIN_FORMATS).optional() }).strict();
export type PayoutBatchRequest = z.input<typeof payoutBatchRequestSchema>;

export const payoutBatchSummarySchema = z.object({
  id: z.string(),
  format: z.enum(PAIN_FORMATS),
  createdAt: z.string(),
  /** The execution date the file asks the bank for (an Amsterdam date, yyyy-mm-dd). */
  executionDate: z.string(),
  brands: z.array(z.string()),
  count: z.number().int(),
  total: moneySchema,
  /** How many of its payouts are in each status (`exported`: the bank has not reported yet). */
  statuses: z.record(z.string(), z.number().int()),
});
export type PayoutBatchSummary = z.infer<typeof payoutBatchSummarySchema>;

/** GET /admin/api/payout-batches: what an export would take now, per brand of the caller, and the batches, newest first. */
export const payoutBatchListSchema = z.object({
  pending: z.array(z.object({ brand: z.string(), count: z.number().int(), total: moneySchema })),
  items: z.array(payoutBatchSummarySchema),
});
export type PayoutBatchList = z.infer<typeof payoutBatchListSchema>;

export const batchPayoutSchema = z.object({
  id: z.string(),
  /** What the bank quotes on a statement or a return. */
  endToEndId: z.string(),
  cardId: z.string(),
  brand: z.string(),
  masked: z.string(),
  amount: moneySchema,
  fee: moneySchema,
  ibanHint: z.string(),
  status: z.string(),
  requestedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type BatchPayout = z.infer<typeof batchPayoutSchema>;

/** GET /admin/api/payout-batches/{id} (and the answer of POST /admin/api/payout-batches, 201). */
export const payoutBatchSchema = payoutBatchSummarySchema.extend({ payouts: z.array(batchPayoutSchema) });
export type PayoutBatch = z.infer<typeof payoutBatchSchema>;

/** How the bank settled a payout: POST /admin/api/payouts/{id}/mark-paid, /mark-failed, /return. */
export const PAYOUT_SETTLEMENTS = ['paid', 'failed', 'returned'] as const;
export type PayoutSettlement = (typeof PAYOUT_SETTLEMENTS)[number];
export const payoutSettlementRequestSchema = z.object({}).strict();
/** `changed: false`: it had that status already; nothing changed (a repeat). */
export const payoutSettlementSchema = z.object({ payout: batchPayoutSchema, was: z.string(), changed: z.boolean() });
export type PayoutSettlementAnswer = z.infer<typeof payoutSettlementSchema>;

/** The rules that hold a payout for review (docs/back-office.md, "Payouts held for review"). */
export const PAYOUT_REVIEW_RULES = ['iban_shared', 'identity_monthly_limit', 'iban_blocked', 'guessing_cooldown'] as const;
export type PayoutReviewRule = (typeof PAYOUT_REVIEW_RULES)[number];

/** GET /admin/api/payouts?status=held: only held payouts are listed here (batches have their own pages). */
export const payoutListQuerySchema = z.object({ status: z.literal('held') });

/** Another card paid to the same IBAN or by the same identity, within the caller's brands. */
export const relatedCardSchema = z.object({ id: z.string(), brand: z.string(), masked: z.string() });

export const heldPayoutSchema = z.object({
  id: z.string(),
  cardId: z.string(),
  /** The payout's card, masked as the portal masks it. */
  masked: z.string(),
  brand: z.string(),
  amount: moneySchema,
  fee: moneySchema,
  /** The IBAN masked (NL91ABNA******4300): never in full. */
  ibanHint: z.string(),
  createdAt: z.string(),
  status: z.literal('held'),
  rules: z.array(z.enum(PAYOUT_REVIEW_RULES)),
  /** Other cards paid to this IBAN, and by this bank-verified identity, that the caller may open; `elsewhere`: how many more are of other brands. */
  related: z.object({ sameIban: z.array(relatedCardSchema), sameIdentity: z.array(relatedCardSchema), elsewhere: z.number().int() }),
});
export type HeldPayout = z.infer<typeof heldPayoutSchema>;
export const heldPayoutListSchema = z.object({ items: z.array(heldPayoutSchema) });

export const releasePayoutRequestSchema = z.object({ note: noteField.optional() }).strict();
export const rejectPayoutRequestSchema = z
  .object({ reason: multilineText().trim().min(1, 'required').max(2000, 'at most 2000 characters'), fraud: z.boolean() })
  .strict();
export const releasePayoutResultSchema = z.object({ status: z.literal('pending') });
export const rejectPayoutResultSchema = z.object({ status: z.literal('rejected') });
