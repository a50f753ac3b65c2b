import { AppError } from '../errors.js';
import type { Money } from './schemas.js';

/** An amount must be in the card's own asset: what its balance and the ledger's checks are kept in. */
export function checkCardAsset(amount: Money, cardAssetCode: string, path: string): void {
  if (amount.assetCode !== cardAssetCode) {
    throw new AppError('VALIDATION_ERROR', `The card holds ${cardAssetCode}.`, [{ path, message: `must be ${cardAssetCode}` }]);
  }
}

export const cardNotActive = (state: string) => new AppError('CARD_NOT_ACTIVE', `The card cannot be used: it is ${state.replace('_', ' ')}.`);
