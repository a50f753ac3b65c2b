import type { AuditType, TimelineCode, TimelineEntry } from '@tessera/contracts/admin';
import { maskPersonalData } from './staff-masking.js';

/**
 * What a card's timeline says of each thing that happened: a code and its params, which the back
 * office translates (nl, en) and whose amounts it formats in the reader's locale, and the same in
 * English as `summary` (staff read the words the audit trail and the operator's tool use; a code
 * the app does not know yet shows it). No full card number, IBAN, phone number or e-mail address:
 * messages name their recipient masked, payouts their IBAN's last four, audit details pass
 * through maskPersonalData.
 */

type Kind = TimelineEntry['kind'];
type Params = TimelineEntry['params'];

/** What an entry says: its code, the code's params and the English text. */
export interface TimelineText {
  code: TimelineCode;
  params: Params;
  summary: string;
}

/** A minor-unit amount as text: 4250 EUR → "42.50 EUR". */
export function formatMinor(value: number, assetCode: string): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')} ${assetCode}`;
}

const LEDGER_TEXT: Record<string, string> = {
  load: 'Loaded',
  payout: 'Paid out',
  fee: 'Fee',
  replacement_out: 'Moved to the replacement card',
  replacement_in: 'Moved from the replaced card',
  expiry: 'Expired balance',
  adjustment: 'Balance adjustment',
  redemption: 'Redemption',
  refund: 'Refund',
};

export function ledgerText(kind: string): TimelineText {
  const summary = LEDGER_TEXT[kind];
  return summary ? { code: `ledger.${kind}` as TimelineCode, params: {}, summary } : { code: 'ledger.other', params: { kind }, summary: kind };
}

const COOLDOWN_TEXT: Record<string, string> = {
  cooldown_30m: 'Guessing cool-down of 30 minutes',
  cooldown_2h: 'Guessing cool-down of 2 hours',
  cooldown_24h: 'Guessing cool-down of 24 hours',
  operator_lock: 'Guessing locked until unlocked by staff or the operator',
};

/**
 * Audit types the timeline leaves out. Some only say again what another source of it says (the
 * brand API's bookings are ledger entries; a note is its own entry). A staff member opening the
 * card changes nothing: the timeline shows what happened to the card, not who looked at it, so
 * the openings (one each time the card page loads) stay on the audit trail, filtered by the card,
 * and do not bury the card's history (docs/back-office.md).
 */
export const AUDIT_TYPES_OFF_TIMELINE: readonly AuditType[] = ['card.note', 'card.load', 'card.redemption', 'card.refund', 'staff.card_open'];

const STATE_TYPES = new Set([
  'card.block',
  'card.blocked',
  'card.unblock',
  'card.unblocked',
  'card.activated',
  'card.issue',
  'card.issued',
  'card.expiry',
  'card.replaced',
  'giftcard.replace',
  'card.register',
  'card.registered',
  'card.recovery_code',
  'giftcard.reset',
  'holder.erase',
]);
const LOOKUP_TYPES = new Set(['giftcard.lookup', 'visa.login', 'visa.get_pin', 'visa.pin_frame', 'api.call', 'holder.export', 'identify.customer']);

/**
 * Audit events with a code of their own, by `type` (any outcome) or `type:outcome` (only that
 * outcome: another outcome of the type, a refusal, reads as the generic `event`).
 */
const AUDIT_CODES: Record<string, TimelineCode> = {
  'card.block:blocked': 'card.blocked',
  'card.blocked': 'card.blocked',
  'card.unblock:unblocked': 'card.unblocked',
  'card.unblocked': 'card.unblocked',
  'card.issue:issued': 'card.issued',
  'card.issued': 'card.issued',
  'card.issue:replacement': 'card.issued_replacement',
  'card.activated': 'card.activated',
  'card.expiry': 'card.expired',
  'card.replaced': 'card.replaced',
  'giftcard.replace:success': 'card.replaced',
  'card.register:registered': 'card.registered',
  'card.registered': 'card.registered',
  'card.recovery_code:issued': 'card.recovery_code',
  'card.replacement_resend:queued': 'card.replacement_resent',
  'card.adjust:booked': 'card.adjusted',
  'giftcard.reset:success': 'card.reset',
  'holder.erase:erased': 'holder.erased',
  'holder.export': 'holder.exported',
  // Lookups keep their outcome: a wrong secret is not a look at the balance.
  'giftcard.lookup': 'lookup.balance',
  'visa.login': 'lookup.visa',
  'visa.get_pin': 'lookup.pin',
  'visa.pin_frame': 'lookup.pin',
  'api.call': 'lookup.api',
  'identify.customer': 'lookup.identify',
};

const LOOKUP_SUMMARY: Partial<Record<TimelineCode, string>> = {
  'lookup.balance': 'Balance looked up',
  'lookup.visa': 'Signed in to the Visa card',
  'lookup.pin': 'PIN shown',
  'lookup.api': 'Brand API call',
  'lookup.identify': 'Cardholder identified',
};

/** An audit event of the card as a timeline entry's kind, code and text. */
export function auditText(event: { type: string; outcome: string; detail: string | null; byStaff: boolean }): TimelineText & { kind: Kind } {
  const detail = event.detail ? maskPersonalData(event.detail) : null;
  const withDetail: Params = detail === null ? {} : { detail };
  const suffix = detail === null ? '' : `: ${detail}`;
  if (event.type === 'card.lockout') {
    const cooldown = COOLDOWN_TEXT[event.outcome];
    return cooldown
      ? { kind: 'guessing', code: `guessing.${event.outcome}` as TimelineCode, params: withDetail, summary: `${cooldown}${suffix}` }
      : { kind: 'guessing', code: 'guessing.other', params: { outcome: event.outcome, ...withDetail }, summary: `${event.outcome}${suffix}` };
  }
  if (event.type === 'card.unlock') {
    // The detail unlock-guessing.ts writes; any other (an older event's) is shown as written.
    const attempts = detail === null ? null : /^failed attempts were (\d+)$/.exec(detail);
    if (attempts) return { kind: 'guessing', code: 'guessing.unlocked_after', params: { attempts: Number(attempts[1]) }, summary: `Guessing unlocked${suffix}` };
    return { kind: 'guessing', code: 'guessing.unlocked', params: withDetail, summary: `Guessing unlocked${suffix}` };
  }
  if (event.type === 'adjustment.propose' || event.type === 'adjustment.reject') {
    // The detail back-office/adjustments/adjustment-view.ts writes: the proposal, its amount and a reason.
    const adjustment = event.detail === null ? null : /^proposal \S+: (-?\d+) ([A-Z0-9]{1,16}); ([\s\S]*)$/.exec(event.detail);
    if (adjustment) {
      const amount = { value: Number(adjustment[1]), assetCode: adjustment[2]! };
      const reason = maskPersonalData(adjustment[3]!);
      const proposed = event.type === 'adjustment.propose';
      return {
        kind: 'staff',
        code: proposed ? 'adjustment.proposed' : 'adjustment.rejected',
        params: { amount, reason },
        summary: `${proposed ? 'Adjustment proposed' : 'Adjustment rejected'}: ${formatMinor(amount.value, amount.assetCode)}; ${reason}`,
      };
    }
  }
  const kind: Kind = LOOKUP_TYPES.has(event.type) ? 'lookup' : STATE_TYPES.has(event.type) ? 'state' : event.byStaff ? 'staff' : 'state';
  const summary = `${event.type} (${event.outcome})${suffix}`;
  const code = AUDIT_CODES[`${event.type}:${event.outcome}`] ?? AUDIT_CODES[event.type];
  if (!code) return { kind, code: 'event', params: { type: event.type, outcome: event.outcome, ...withDetail }, summary };
  if (code === 'card.unblocked' && detail !== null) {
    // The detail unblock-card.ts writes: when the block began and why (null: not recorded).
    const blocked = /^was blocked since (\d{4}-\d{2}-\d{2}T[\d:.]+Z) \(([a-z_]+)\)$/.exec(detail);
    if (blocked) return { kind, code: 'card.unblocked_since', params: { since: blocked[1]!, reason: blocked[2] === 'null' ? 'unknown' : blocked[2]! }, summary };
  }
  if (code === 'card.blocked' && detail !== null && /^[a-z_]+$/.test(detail)) {
    // A block's detail is its reason (lost, stolen, fraud, other): a word the app translates.
    return { kind, code, params: { reason: detail }, summary };
  }
  if (code.startsWith('lookup.')) return { kind, code, params: { outcome: event.outcome, ...withDetail }, summary: `${LOOKUP_SUMMARY[code] ?? event.type} (${event.outcome})${suffix}` };
  return { kind, code, params: withDetail, summary };
}

export function messageText(message: { channel: string; purpose: string; status: string; recipientHint: string }): TimelineText {
  const channel = message.channel === 'sms' ? 'SMS' : 'E-mail';
  return {
    code: 'message',
    params: { channel: message.channel, purpose: message.purpose, recipient: message.recipientHint, status: message.status },
    summary: `${channel} ${message.purpose.replaceAll('_', ' ')} to ${message.recipientHint} (${message.status})`,
  };
}

export function payoutText(payout: { amount: number; fee: number; assetCode: string; ibanHint: string; status: string }): TimelineText {
  const last4 = payout.ibanHint.replace(/[^A-Za-z0-9]/g, '').slice(-4);
  return {
    code: 'payout',
    params: { amount: { value: payout.amount, assetCode: payout.assetCode }, fee: { value: payout.fee, assetCode: payout.assetCode }, iban: last4, status: payout.status },
    summary: `Payout of ${formatMinor(payout.amount, payout.assetCode)} (fee ${formatMinor(payout.fee, payout.assetCode)}) to the IBAN ending ${last4} (${payout.status})`,
  };
}

export const registrationText = (): TimelineText => ({ code: 'registration', params: {}, summary: 'Registered to a bank-verified identity' });

export const noteText = (text: string): TimelineText => ({ code: 'note', params: { text }, summary: `Note: ${text}` });
