import { expect, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { browser } from '../../src/components/Identity/browser';
import type { MockRoute, RecordedRequest } from '../utils';

/** What a test route answers: everything of a MockRoute but where it listens. */
export type Answer = Omit<MockRoute, 'path' | 'method'>;

/** The iDIN banks the providers call lists, in its order. */
export const ISSUERS = [
  { id: 'ABNANL2A', name: 'ABN AMRO' },
  { id: 'ASNBNL21', name: 'ASN Bank' },
  { id: 'BUNQNL2A', name: 'bunq' },
  { id: 'INGBNL2A', name: 'ING' },
  { id: 'RABONL2U', name: 'Rabobank' },
  { id: 'RBRBNL21', name: 'RegioBank' },
  { id: 'SNSBNL2A', name: 'SNS' },
];

/** The sessionId the bank sends back to the callback. */
export const SESSION_ID = 'Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg';
export const AUTHORIZATION_URL = 'https://idin.example/authorize?client_id=tessera&state=x';

export const providersRoute = (issuers = ISSUERS, answer: Answer = { body: [{ provider: 'IDIN', issuers }] }): MockRoute => ({
  path: '/api/Authentication/DEMO/providers',
  ...answer,
});
export const sessionRoute = (answer: Answer = { body: { authorizationUrl: AUTHORIZATION_URL } }): MockRoute => ({
  method: 'POST',
  path: '/api/Authentication/DEMO/session',
  ...answer,
});

export const location = () => screen.getByTestId('location').textContent;
/** Its name gains "Loading…" while busy. */
export const idinButton = () => screen.getByRole('button', { name: /^Identify with iDIN/ }) as HTMLButtonElement;


/** Stands in for the browser leaving for the bank; the spy tells whether it was sent. */
export const stubBankTrip = () => vi.spyOn(browser, 'assign').mockImplementation(() => {});

/**
 * The session call the iDIN button made for `flowType`: the chosen bank's `issuer`, the return
 * address, a fresh state id, and what the flow binds to the session (`bound`). Returns its body.
 */
export function expectSessionPosted(requests: RecordedRequest[], flowType: 'IDENTIFY' | 'PAYOUT', issuer: string, bound: Record<string, string>) {
  const session = requests.find((r) => r.url === '/api/Authentication/DEMO/session')!;
  expect(session.method).toBe('POST');
  expect(session.headers['x-flow-type']).toBe(flowType);
  expect(session.body).toEqual({
    provider: 'IDIN',
    issuer,
    redirectUrl: `${window.location.origin}/callback`,
    state: expect.stringMatching(/^[A-Za-z0-9_-]{8,128}$/),
    ...bound,
  });
  return session.body as { state: string };
}

/** The trip to the bank did not start and says nothing about it: the button works again, nothing is stored, the browser stays. */
export async function expectTripSilentlyDropped(assign: ReturnType<typeof stubBankTrip>) {
  await waitFor(() => expect(idinButton().getAttribute('aria-busy')).toBeNull());
  expect(idinButton().disabled).toBe(false);
  expect(screen.queryByRole('alert')).toBeNull();
  expect(window.localStorage.length).toBe(0);
  expect(assign).not.toHaveBeenCalled();
}
