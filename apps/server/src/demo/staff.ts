import type { StaffGrant } from '@tessera/contracts/admin';

/** The demo staff (docs/decisions/030): granted by the demo seed, listed by the sandbox staff provider. */
export const DEMO_STAFF: readonly ({ email: string; name: string } & StaffGrant)[] = [
  { email: 'admin@tessera.test', name: 'Ada Admin', role: 'admin', brand: null },
  { email: 'support@demo.test', name: 'Sam Support', role: 'support', brand: 'DEMO' },
  { email: 'finance@demo.test', name: 'Fenna Finance', role: 'finance', brand: 'DEMO' },
  { email: 'approver@demo.test', name: 'Abel Approver', role: 'finance', brand: 'DEMO' },
  { email: 'brand@demo.test', name: 'Bo Brand', role: 'brand-admin', brand: 'DEMO' },
  { email: 'support@acme.test', name: 'Sanne Support', role: 'support', brand: 'ACME' },
];
