import type { VisaHolderData } from '../cards/issue-card.js';
import type { CardState } from '../domain/card-state.js';

/** The demo cards of docs/product/common.md#demo-mode, exactly. Tests rely on every value here. */
export interface DemoCard {
  name: string;
  brand: 'DEMO' | 'ACME';
  kind: 'visa' | 'giftcard';
  number: string;
  state: CardState;
  balance: number;
  securityCode?: string;
  passcode?: string;
  recoveryCode?: string;
  /** 'far' = 2099-12-31; days relative to the load date otherwise; null = no expiry. */
  expiry: 'far' | { daysBeforeLoad: number } | { yearsBeforeLoad: number } | null;
  visa?: { holder: VisaHolderData; pin: string };
}

const newHolder = (holderName: string, phoneNumber: string, addressLine1: string, postalCode: string, city: string): VisaHolderData => ({
  holderName,
  phoneNumber,
  email: null,
  address: { addressLine1, city, postalCode },
  // Reviewed and filled in by the cardholder during activation (UpdateHolderInformation).
  dateOfBirth: null,
  countryOfBirth: null,
  nationality: null,
});

export const DEMO_CARDS: readonly DemoCard[] = [
  {
    name: 'VISA_NEW_1', brand: 'DEMO', kind: 'visa', number: '4000 0000 0000 0000 001', state: 'inactive', balance: 5000, expiry: null,
    visa: { holder: newHolder('J. de Vries', '+31612345601', 'Keizersgracht 101', '1015 CJ', 'Amsterdam'), pin: '1357' },
  },
  {
    name: 'VISA_NEW_2', brand: 'DEMO', kind: 'visa', number: '4000 0000 0000 0000 002', state: 'inactive', balance: 7500, expiry: null,
    visa: { holder: newHolder('A. Jansen', '+31612345602', 'Oudegracht 22', '3511 AP', 'Utrecht'), pin: '8642' },
  },
  {
    name: 'VISA_ACTIVE', brand: 'DEMO', kind: 'visa', number: '4000 0000 0000 0000 010', state: 'active', balance: 2500, expiry: null,
    passcode: 'Tq8m3x',
    visa: {
      holder: {
        holderName: 'M. Bakker',
        phoneNumber: '+31612345610',
        email: 'm.bakker@example.nl',
        address: { addressLine1: 'Coolsingel 40', city: 'Rotterdam', postalCode: '3011 AD' },
        dateOfBirth: '1985-04-12',
        countryOfBirth: 'NL',
        nationality: 'NL',
      },
      pin: '2468',
    },
  },
  { name: 'GIFT_BALANCE', brand: 'DEMO', kind: 'giftcard', number: '6064 0000 0000 0000 101', state: 'active', balance: 2500, securityCode: '482913', expiry: 'far' },
  { name: 'GIFT_EMPTY', brand: 'DEMO', kind: 'giftcard', number: '6064 0000 0000 0000 102', state: 'active', balance: 0, securityCode: '111902', expiry: 'far' },
  { name: 'GIFT_BELOW_FEE', brand: 'DEMO', kind: 'giftcard', number: '6064 0000 0000 0000 103', state: 'active', balance: 150, securityCode: '730115', expiry: 'far' },
  { name: 'GIFT_GRACE', brand: 'DEMO', kind: 'giftcard', number: '6064 0000 0000 0000 104', state: 'active', balance: 1000, securityCode: '264018', expiry: { daysBeforeLoad: 30 } },
  { name: 'GIFT_EXPIRED', brand: 'DEMO', kind: 'giftcard', number: '6064 0000 0000 0000 105', state: 'active', balance: 1000, securityCode: '905527', expiry: { yearsBeforeLoad: 2 } },
  { name: 'GIFT_NO_EXPIRY', brand: 'DEMO', kind: 'giftcard', number: '6064 0000 0000 0000 106', state: 'active', balance: 1200, securityCode: '318840', expiry: null },
  { name: 'GIFT_RESET', brand: 'DEMO', kind: 'giftcard', number: '6064 0000 0000 0000 107', state: 'active', balance: 3000, securityCode: '577301', recoveryCode: '654321', expiry: null },
  { name: 'GIFT_REPLACE', brand: 'DEMO', kind: 'giftcard', number: '6064 0000 0000 0000 108', state: 'active', balance: 1800, securityCode: '640092', expiry: null },
  { name: 'GIFT_PAYOUT', brand: 'DEMO', kind: 'giftcard', number: '6064 0000 0000 0000 109', state: 'active', balance: 4250, securityCode: '219936', expiry: null },
  { name: 'GIFT_IDENTIFY', brand: 'DEMO', kind: 'giftcard', number: '6064 0000 0000 0000 110', state: 'active', balance: 2000, securityCode: '773415', expiry: null },
  { name: 'GIFT_ACME', brand: 'ACME', kind: 'giftcard', number: '6064 1000 0000 0000 201', state: 'active', balance: 3500, securityCode: '402275', expiry: 'far' },
];

/** The expiry date (yyyy-mm-dd, UTC) of a demo card loaded on `loadDate`. */
export function demoExpiry(expiry: DemoCard['expiry'], loadDate: Date): string | null {
  if (expiry === null) return null;
  if (expiry === 'far') return '2099-12-31';
  const d = new Date(Date.UTC(loadDate.getUTCFullYear(), loadDate.getUTCMonth(), loadDate.getUTCDate()));
  if ('daysBeforeLoad' in expiry) d.setUTCDate(d.getUTCDate() - expiry.daysBeforeLoad);
  else d.setUTCFullYear(d.getUTCFullYear() - expiry.yearsBeforeLoad);
  return d.toISOString().slice(0, 10);
}
