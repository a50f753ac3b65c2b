import type { TimelineEntry } from '@tessera/contracts/admin';
import { maskPersonalData } from './staff-masking.js';

/**
 * What a card's timeline says of each thing that happened, in English (staff read the same
 * words the audit trail and the operator's tool use). No full card number, IBAN, phone number
 * or e-mail address: messages name their recipient masked, payouts their IBAN's last four,
 * audit details pass through maskPersonalData.
 */

type Kind = TimelineEntry['kind'];

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

export function ledgerText(kind: string): string {
  return LEDGER_TEXT[kind] ?? kind;
}

const COOLDOWN_TEXT: Record<string, string> = {
  cooldown_30m: 'Guessing cool-down of 30 minutes',
  cooldown_2h: 'Guessing cool-down of 2 hours',
  cooldown_24h: 'Guessing cool-down of 24 hours',
  operator_lock: 'Guessing locked until unlocked by staff or the operator',
};

/** Audit types that only say again what another source of the timeline says (the brand API's bookings are ledger entries; a note is its own entry). */
export const AUDIT_TYPES_SHOWN_ELSEWHERE: readonly string[] = ['card.note', 'card.load', 'card.redemption', 'card.refund'];

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
const LOOKUP_TYPES = new Set(['giftcard.lookup', 'visa.login', 'visa.get_pin', 'visa.pin_frame', 'api.call', 'staff.card_open', 'holder.export', 'identify.customer']);

/** An audit event of the card as a timeline entry's kind and text. */
export function auditText(event: { type: string; outcome: string; detail: string | null; byStaff: boolean }): { kind: Kind; summary: string } {
  const detail = event.detail ? `: ${maskPersonalData(event.detail)}` : '';
  if (event.type === 'card.lockout') return { kind: 'guessing', summary: `${COOLDOWN_TEXT[event.outcome] ?? event.outcome}${detail}` };
  if (event.type === 'card.unlock') return { kind: 'guessing', summary: `Guessing unlocked${detail}` };
  if (event.type === 'staff.card_open') return { kind: 'lookup', summary: 'Card opened in the back office' };
  const kind: Kind = LOOKUP_TYPES.has(event.type) ? 'lookup' : STATE_TYPES.has(event.type) ? 'state' : event.byStaff ? 'staff' : 'state';
  return { kind, summary: `${event.type} (${event.outcome})${detail}` };
}

export function messageText(message: { channel: string; purpose: string; status: string; recipientHint: string }): string {
  const channel = message.channel === 'sms' ? 'SMS' : 'E-mail';
  return `${channel} ${message.purpose.replaceAll('_', ' ')} to ${message.recipientHint} (${message.status})`;
}

export function payoutText(payout: { amount: number; fee: number; assetCode: string; ibanHint: string; status: string }): string {
  const last4 = payout.ibanHint.replace(/[^A-Za-z0-9]/g, '').slice(-4);
  return `Payout of ${formatMinor(payout.amount, payout.assetCode)} (fee ${formatMinor(payout.fee, payout.assetCode)}) to the IBAN ending ${last4} (${payout.status})`;
}

export const registrationText = () => 'Registered to a bank-verified identity';

export const noteText = (text: string) => `Note: ${text}`;
