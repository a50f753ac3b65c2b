/**
 * Every kind of audit event the server writes (`type`, the audit trail's `action`) and every
 * outcome one ends in. The server's audit repository accepts only these, so a new kind of event
 * is added here first, and the back office's test fails until it has a text for it in nl and en.
 * The trail keeps old events as written: the app shows a type or outcome it has no text for as
 * sent.
 */
export const AUDIT_TYPES = [
  // The cardholder's calls to the portal
  'giftcard.lookup',
  'giftcard.reset',
  'giftcard.replace',
  'visa.login',
  'visa.activation_code',
  'visa.recovery_code',
  'visa.activation',
  'visa.recovery',
  'visa.holder_update',
  'visa.get_pin',
  'visa.pin_frame',
  'identify.customer',
  'identity.session.start',
  'identity.session.return',
  'card.register',
  'payout.customer',
  'payout.created',
  // What happened to a card
  'card.activated',
  'card.block',
  'card.blocked',
  'card.unblock',
  'card.unblocked',
  'card.lockout',
  'card.unlock',
  'card.issue',
  'card.issued',
  'card.expiry',
  'card.replaced',
  'card.registered',
  'card.recovery_code',
  'card.replacement_resend',
  'card.adjust',
  'card.note',
  'card.load',
  'card.redemption',
  'card.refund',
  'load.created',
  'redemption.created',
  'refund.created',
  'holder.export',
  'holder.erase',
  // The brand API
  'api.call',
  'api.refused',
  // The back office
  'staff.sign_in',
  'staff.sign_out',
  'staff.card_open',
  'staff.grant',
  'staff.revoke',
  'adjustment.propose',
  'adjustment.reject',
  // A brand's settings in the back office: a draft saved, published (with its diff), a version restored as the draft
  'brand.draft_save',
  'brand.publish',
  'brand.restore',
  // The operator
  'brand.import',
  'cards.import',
  'api_key.create',
  'api_key.revoke',
  'webhook.add',
  'webhook.remove',
  'webhook.switch_off',
  'webhook.switch_on',
  // The brand's staff in the back office: a delivery sent again, a test event
  'webhook.retry',
  'webhook.test',
  'payout.record',
  'payout.export',
  'payouts.export',
  'payouts.reexport',
  'payout.settle',
  // Payouts held for review: the rule's hold, and staff's decisions
  'payout.hold',
  'payout.release',
  'payout.reject',
  'payout.iban_block',
  'outbox.retry',
  'maintenance.prune',
] as const;
export type AuditType = (typeof AUDIT_TYPES)[number];

/**
 * The outcomes the server writes as words (the Detail column's start): the back office has a
 * text for each. Some outcomes are not words and are shown as written: a brand API call's is its
 * HTTP status and error code (`404 CARD_NOT_FOUND`). The server types an event's `type` by
 * AUDIT_TYPES; outcomes come from many places (refusal reasons, lockout kinds, settlements), so
 * an outcome missing here reads as the server wrote it until it is added.
 */
export const AUDIT_OUTCOMES = [
  // Done
  'success', 'added', 'booked', 'created', 'updated', 'unchanged', 'imported', 'issued', 'replacement', 'registered', 'opened',
  'blocked', 'unblocked', 'unlocked', 'cooldown_ended', 'counter_reset', 'granted', 'revoked', 'removed', 'erased', 'exported',
  'queued', 'requeued', 'due_now', 'sent', 'delivered', 'pending', 'paid', 'paid_out', 'returned', 'failed', 'pruned', 'written',
  'started', 'verified', 'cancelled', 'signed_in', 'signed_out', 'repeat', 'proposed', 'rejected', 'switched_off', 'switched_on',
  'held', 'rejected_fraud', 'published', 'restored',
  // Guessing
  'cooldown_30m', 'cooldown_2h', 'cooldown_24h', 'operator_lock', 'wrong_secret', 'refused_cooldown', 'refused_locked',
  // Refused
  'refused', 'validation_error', 'captcha_invalid', 'card_not_found', 'card_mismatch', 'card_unusable', 'session_invalid',
  'already_active', 'already_activated', 'already_blocked', 'already_registered', 'already_replaced', 'not_active',
  'balance_too_low', 'idempotency_conflict', 'iban_mismatch', 'iban_bank_mismatch', 'iban_refused', 'identity_failed',
  'user_cancelled', 'provider_unavailable', 'security_code_insecure', 'invalid_token', 'too_many_codes',
  'unknown_key', 'key_used', 'key_expired', 'wrong_control_id', 'no_frame_session', 'wrong_frame_session', 'no_pin',
] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];
