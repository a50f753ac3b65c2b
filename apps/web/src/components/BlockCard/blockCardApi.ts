import { FLOW_TYPE_HEADER, blockCardResultSchema, cardApi, stripCardNumber, type BlockCardRequest, type BlockCardResult } from '@tessera/contracts';
import { apiRequest } from '../../lib/api';

/** The flows that offer the block: BALANCE (a gift card and its security code), VISA (a Visa card and its passcode). */
export type BlockCardFlow = 'BALANCE' | 'VISA';

export interface BlockCardInput {
  flow: BlockCardFlow;
  /** The brand's code, as the gift card lookup sends it. */
  themeCode: string;
  cardNumber: string;
  /** The gift card's security code or the Visa card's passcode. */
  securityCode: string;
}

/** POST /api/cards/block with the flow's x-flow-type: the card is blocked as lost (a repeat answers the same). */
export function blockCard(input: BlockCardInput): Promise<BlockCardResult> {
  const body: BlockCardRequest = { code: input.themeCode, cardNumber: stripCardNumber(input.cardNumber), securityCode: input.securityCode };
  return apiRequest(cardApi.block.build(), {
    method: 'POST',
    body,
    headers: { [FLOW_TYPE_HEADER]: input.flow },
    schema: import.meta.env.DEV ? blockCardResultSchema : undefined,
  });
}
