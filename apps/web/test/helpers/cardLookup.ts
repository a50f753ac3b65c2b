import { expect } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RecordedRequest } from '../utils';

interface CardLookup {
  /** The start screen's h1, awaited first: the flow is a lazy chunk. */
  heading: string;
  /** As a cardholder types it, in blocks. */
  cardNumber: string;
  securityCode: string;
  /** The form's submit button. */
  submit?: string;
}

/** A cardholder fills in the card lookup form of a flow's start screen and submits it. */
export async function submitCardLookup({ heading, cardNumber, securityCode, submit = 'Continue' }: CardLookup) {
  const user = userEvent.setup();
  await screen.findByRole('heading', { level: 1, name: heading });
  await user.type(screen.getByLabelText('Card number'), cardNumber);
  await user.type(screen.getByLabelText('Security code'), securityCode);
  await user.click(screen.getByRole('button', { name: submit }));
  return user;
}

interface PostedLookup {
  path: string;
  flowType: string;
  /** Without the blocks' spaces, as it is sent. */
  giftCardNumber: string;
  pinCode: string;
}

/** A flow's call was POSTed to `path` with its flow type and exactly `body`. */
export function expectPosted(requests: RecordedRequest[], path: string, flowType: string, body: unknown) {
  const post = requests.find((r) => r.url === path && r.method === 'POST');
  expect(post, `POST ${path}`).toBeDefined();
  expect(post!.headers['x-flow-type']).toBe(flowType);
  expect(post!.body).toEqual(body);
}

/** The flow's first POST was the card lookup: to its path, with its flow type and the brand, card, code and captcha token. */
export function expectCardLookupPosted(requests: RecordedRequest[], { path, flowType, giftCardNumber, pinCode }: PostedLookup) {
  expect(requests.find((r) => r.method === 'POST')!.url).toBe(path);
  expectPosted(requests, path, flowType, { code: 'DEMO', giftCardNumber, pinCode, 'g-recaptcha-response': 'test-pass' });
}
