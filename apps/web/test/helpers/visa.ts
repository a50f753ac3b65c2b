import type { HolderInformation, Theme } from '@tessera/contracts';
import { demoTheme } from '../utils';

/** The demo brand with terms and privacy links, which the VISA activation asks to accept. */
export const visaTheme: Theme = demoTheme({
  termsUrls: { terms: 'https://tessera.example/voorwaarden', privacy: 'https://tessera.example/privacy' },
});

/** A holder whose card is not active yet: nothing known but name, address and phone. */
export const newHolder: HolderInformation = {
  status: 'passcode_set',
  holderName: 'J. de Vries',
  address: { addressLine1: 'Damrak 1', city: 'Amsterdam', postalCode: '1012 JS' },
  email: null,
  phoneNumber: '+*********01',
  nationality: null,
  countryOfBirth: null,
  dateOfBirth: null,
  currency: 'EUR',
  balance: 5000,
  transactions: [],
};

/** A holder of an active card, with every detail filled in. */
export const activeHolder: HolderInformation = {
  ...newHolder,
  status: 'active',
  holderName: 'M. Bakker',
  nationality: 'NL',
  countryOfBirth: 'NL',
  dateOfBirth: '1985-04-12',
  balance: 2500,
  transactions: [
    { kind: 'fee', amount: { value: -50, assetCode: 'EUR' }, createdAt: '2026-03-02T09:15:00.000Z' },
    { kind: 'redemption', amount: { value: -450, assetCode: 'EUR' }, createdAt: '2026-03-01T16:40:00.000Z' },
    { kind: 'load', amount: { value: 3000, assetCode: 'EUR' }, createdAt: '2026-02-01T10:00:00.000Z' },
  ],
};
