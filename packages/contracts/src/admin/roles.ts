/**
 * Who on the staff may do what. The server
 * enforces this table in one place (every /admin/api/ route declares the action it performs and
 * on which brand); the back office reads the same table to leave out what a person may not do.
 */

export const STAFF_ROLES = ['support', 'finance', 'brand-admin', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What a route does; a role is a set of these (ROLE_ACTIONS). */
export const STAFF_ACTIONS = [
  /** search cards, see a card and its timeline */
  'cards.read',
  /** block, unblock, unlock guessing, resend a replacement e-mail, add a note */
  'cards.support',
  'adjustments.propose',
  /** approve or reject an adjustment (never one's own: FOUR_EYES_REQUIRED) */
  'adjustments.decide',
  /** held payouts, payout batches and returns */
  'payouts.review',
  'reports.read',
  /** the brand's settings, texts, images, API keys and webhooks */
  'brand.manage',
  /** staff grants and the whole audit trail: admins of all brands only */
  'staff.manage',
] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

export const ROLE_ACTIONS: Readonly<Record<StaffRole, readonly StaffAction[]>> = {
  support: ['cards.read', 'cards.support', 'adjustments.propose'],
  finance: ['cards.read', 'adjustments.propose', 'adjustments.decide', 'payouts.review', 'reports.read'],
  'brand-admin': ['cards.read', 'reports.read', 'brand.manage'],
  admin: ['cards.read', 'cards.support', 'adjustments.propose', 'adjustments.decide', 'payouts.review', 'reports.read', 'brand.manage', 'staff.manage'],
};

/** A grant: a role on one brand (its code) or, with `brand: null`, on all brands. */
export interface StaffGrant {
  role: StaffRole;
  brand: string | null;
}

/** Actions that only a grant on all brands gives, whatever the role says. */
const ALL_BRANDS_ONLY: ReadonlySet<StaffAction> = new Set(['staff.manage']);

/** Does one grant allow `action` on `brand` (a brand code; null: an action on no one brand)? */
export function grantAllows(grant: StaffGrant, action: StaffAction, brand: string | null): boolean {
  if (!ROLE_ACTIONS[grant.role].includes(action)) return false;
  if (ALL_BRANDS_ONLY.has(action)) return grant.brand === null;
  if (grant.brand === null) return true;
  return brand !== null && grant.brand.toUpperCase() === brand.toUpperCase();
}

/** The first grant that allows `action` on `brand`, or undefined (the audit names the grant used). */
export function grantFor(grants: readonly StaffGrant[], action: StaffAction, brand: string | null): StaffGrant | undefined {
  return grants.find((grant) => grantAllows(grant, action, brand));
}

/**
 * The brands a person may do `action` on: 'all', or the codes (upper case) of their grants that
 * allow it. An empty list: nowhere.
 */
export function brandsFor(grants: readonly StaffGrant[], action: StaffAction): 'all' | string[] {
  const codes = new Set<string>();
  for (const grant of grants) {
    if (!ROLE_ACTIONS[grant.role].includes(action)) continue;
    if (ALL_BRANDS_ONLY.has(action) && grant.brand !== null) continue;
    if (grant.brand === null) return 'all';
    codes.add(grant.brand.toUpperCase());
  }
  return [...codes];
}
