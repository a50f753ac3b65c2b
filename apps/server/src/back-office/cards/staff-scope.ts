import { AppError } from '../../errors.js';

/**
 * Whose cards a staff member may see, as the route works it out from their grants
 * (`brandsFor(grants, action)` of @tessera/contracts/admin): every brand, or these brand codes
 * in upper case. Services check it in their queries, so a card outside it is never read.
 */
export interface StaffScope {
  brands: 'all' | readonly string[];
}

export function scopeIncludes(scope: StaffScope, brandCode: string): boolean {
  return scope.brands === 'all' || scope.brands.includes(brandCode.toUpperCase());
}

/** A card outside the caller's brands answers exactly as an unknown one. */
export const staffCardNotFound = () => new AppError('CARD_NOT_FOUND', 'No card with this id exists.');
