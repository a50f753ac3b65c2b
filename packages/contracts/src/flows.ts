/**
 * Flow codes (page availability) and the x-flow-type header values of
 * docs/product/common.md#flow-types.
 */

export const FLOW_CODES = ['REPLACE', 'PAYOUT', 'BALANCE', 'IDENTIFY', 'RESET', 'VISA'] as const;
export type FlowCode = (typeof FLOW_CODES)[number];

export const FLOW_TYPES = ['VISA', 'REPLACE', 'PAYOUT', 'IDENTIFY', 'SECURITY_RESET', 'BALANCE'] as const;
export type FlowType = (typeof FLOW_TYPES)[number];

export const FLOW_TYPE_HEADER = 'x-flow-type';

/** The header value each flow sends; only RESET differs from its flow code. */
export const flowTypeOf: Record<FlowCode, FlowType> = {
  REPLACE: 'REPLACE',
  PAYOUT: 'PAYOUT',
  BALANCE: 'BALANCE',
  IDENTIFY: 'IDENTIFY',
  RESET: 'SECURITY_RESET',
  VISA: 'VISA',
};

/** The flow a header value belongs to, for the availability check on the server. */
export const flowCodeOf: Record<FlowType, FlowCode> = {
  VISA: 'VISA',
  REPLACE: 'REPLACE',
  PAYOUT: 'PAYOUT',
  IDENTIFY: 'IDENTIFY',
  SECURITY_RESET: 'RESET',
  BALANCE: 'BALANCE',
};

export function isFlowType(value: unknown): value is FlowType {
  return typeof value === 'string' && (FLOW_TYPES as readonly string[]).includes(value);
}
