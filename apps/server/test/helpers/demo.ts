import { TEST_CAPTCHA_TOKEN } from '../../src/adapters/captcha/test.js';
import { DEMO_CARDS } from '../../src/demo/cards.js';

export function demoCard(name: string) {
  const card = DEMO_CARDS.find((c) => c.name === name);
  if (!card) throw new Error(`no demo card ${name}`);
  return card;
}

/** A gift card lookup body for a demo card, with the test captcha token. */
export function lookupBody(name: string, overrides: Record<string, unknown> = {}) {
  const card = demoCard(name);
  return {
    code: card.brand,
    giftCardNumber: card.number,
    pinCode: card.securityCode,
    'g-recaptcha-response': TEST_CAPTCHA_TOKEN,
    ...overrides,
  };
}
