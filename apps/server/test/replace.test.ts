import { evaluatePasscode, giftCardSchema, replacementSchema, replaceApi, resetApi } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { PURPOSE } from '../src/crypto/index.js';
import { DEFAULT_TRANSLATIONS } from '../src/translations/defaults.js';
import { demoCard, lookupBody } from './helpers/demo.js';
import { cardRow, expectNoSecretsInLogOrAudit, giveRecoveryCode, ledgerSums, refusal, replaceBody, replacementEmail, resetBody, useFlowTestApp } from './helpers/flows.js';
import { identifyCustomerCall, issueTestGiftCard, payoutCustomerCall, seedIdentitySession } from './helpers/identity.js';

// REPLACE: POST /api/ReplaceCard/ (the lookup) and POST /api/replacecard/{themeCode}/replace
// (docs/product/replace.md).

const { t, log } = useFlowTestApp();
/** Every number, code and address this file sends or learns: none may reach the log or an error answer. */
const secretsUsed = new Set<string>();

function remember(body: Record<string, unknown>) {
  for (const key of ['code', 'giftCardNumber', 'email', 'securityCode', 'pinCode'] as const) {
    const value = typeof body[key] === 'string' ? body[key].replaceAll(' ', '') : '';
    if (value.length >= 6) secretsUsed.add(value);
  }
}

async function replace(body: Record<string, unknown>, options: { theme?: string; flowType?: string | null; headers?: Record<string, string> } = {}) {
  remember(body);
  const { theme = 'demo', flowType = 'REPLACE', headers = {} } = options;
  const res = await t.app.inject({
    method: 'POST',
    url: replaceApi.replace.build({ themeCode: theme }),
    headers: { ...(flowType !== null && { 'x-flow-type': flowType }), ...headers },
    payload: body,
  });
  if (res.statusCode !== 200) {
    for (const secret of secretsUsed) expect(res.body, 'an error answer names no number, code or address').not.toContain(secret);
  }
  return res;
}

async function lookup(url: string, name: string, flowType: string, overrides: Record<string, unknown> = {}) {
  const body = lookupBody(name, overrides);
  remember(body);
  return t.app.inject({ method: 'POST', url, headers: { 'x-flow-type': flowType }, payload: body });
}

const countRows = async (table: 'cards' | 'outbox_messages' | 'card_replacements' | 'ledger_entries') =>
  Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

const snapshot = async () => ({
  cards: await countRows('cards'),
  outbox: await countRows('outbox_messages'),
  replacements: await countRows('card_replacements'),
  ledger: await ledgerSums(t),
});

type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/** Exactly one replacement happened between the two: one new card, one e-mail, one ledger move, and no money made or lost. */
function expectOneReplacement(before: Snapshot, after: Snapshot) {
  expect(after.cards).toBe(before.cards + 1);
  expect(after.outbox).toBe(before.outbox + 1);
  expect(after.replacements).toBe(before.replacements + 1);
  expect(after.ledger.entries).toBe(before.ledger.entries + 2);
  expect(after.ledger.total).toBe(before.ledger.total);
}

describe('POST /api/ReplaceCard/ (the REPLACE lookup)', () => {
  it('answers the gift card with x-flow-type REPLACE, for every brand offering REPLACE', async () => {
    const res = await lookup(replaceApi.lookup.build(), 'GIFT_BALANCE', 'REPLACE');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(giftCardSchema.parse(res.json())).toEqual({
      code: '6064000000000000101',
      expiresAt: '2099-12-31',
      balances: [{ quantity: { value: 2500, assetCode: 'EUR' } }],
      transactions: [{ kind: 'load', amount: { value: 2500, assetCode: 'EUR' }, createdAt: expect.any(String) }],
    });
    const acme = await lookup(replaceApi.lookup.build(), 'GIFT_ACME', 'REPLACE');
    expect(acme.statusCode).toBe(200);
    const events = await t.db.selectFrom('audit_events').select('flow_type').where('type', '=', 'giftcard.lookup').where('outcome', '=', 'success').execute();
    expect(events.map((e) => e.flow_type)).toEqual(['REPLACE', 'REPLACE']);
  });

  it('refuses other flow types, wrong secrets and unknown brands like the gift card lookup', async () => {
    for (const flow of ['BALANCE', 'IDENTIFY']) {
      const res = await lookup(replaceApi.lookup.build(), 'GIFT_BALANCE', flow);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([expect.objectContaining({ path: 'x-flow-type' })]);
    }
    // And the gift card lookup does not take REPLACE.
    expect((await lookup('/api/GiftCard/', 'GIFT_BALANCE', 'REPLACE')).statusCode).toBe(400);
    const wrong = await lookup(replaceApi.lookup.build(), 'GIFT_BALANCE', 'REPLACE', { pinCode: '000000' });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().code).toBe('CARD_NOT_FOUND');
    const unknownBrand = await lookup(replaceApi.lookup.build(), 'GIFT_BALANCE', 'REPLACE', { code: 'NOBODY' });
    expect(unknownBrand.json().code).toBe('THEME_NOT_FOUND');
    const missingCaptcha = await lookup(replaceApi.lookup.build(), 'GIFT_BALANCE', 'REPLACE', { 'g-recaptcha-response': undefined });
    expect(missingCaptcha.json().code).toBe('CAPTCHA_INVALID');
  });
});

describe('REPLACE: order of checks and refusals', () => {
  it('answers 404 THEME_NOT_FOUND for an unknown or malformed brand before anything else', async () => {
    for (const theme of ['nobody', 'a.b']) {
      const res = await replace({ nonsense: true }, { theme, flowType: null });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('THEME_NOT_FOUND');
    }
  });

  it('answers 403 FLOW_UNAVAILABLE when the brand does not offer REPLACE, before the body is read', async () => {
    const acme = await t.db.selectFrom('brands').select('id').where('code', '=', 'ACME').executeTakeFirstOrThrow();
    await t.db.updateTable('brand_flows').set({ is_available: 0 }).where('brand_id', '=', acme.id).where('flow_code', '=', 'REPLACE').execute();
    t.deps.brands.clear();
    try {
      const res = await replace({ nonsense: true }, { theme: 'acme' });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FLOW_UNAVAILABLE');
    } finally {
      await t.db.updateTable('brand_flows').set({ is_available: 1 }).where('brand_id', '=', acme.id).where('flow_code', '=', 'REPLACE').execute();
      t.deps.brands.clear();
    }
  });

  it('answers 400 VALIDATION_ERROR for a wrong x-flow-type and for bad fields, listing them', async () => {
    for (const flow of [null, 'BALANCE']) {
      const res = await replace(replaceBody('GIFT_REPLACE'), { flowType: flow });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([expect.objectContaining({ path: 'x-flow-type' })]);
    }
    const res = await replace({ code: '12', email: 'not-an-address', balances: 'many', culture: 'de' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().fields.map((f: { path: string }) => f.path).sort()).toEqual(['balances', 'code', 'culture', 'email', 'securityCode']);
  });

  it('needs no captcha but refuses a wrong code or number with 404 CARD_NOT_FOUND, counted per card', async () => {
    const before = await snapshot();
    const wrongCode = await replace(replaceBody('GIFT_REPLACE', { securityCode: '000000' }));
    const unknownNumber = await replace(replaceBody('GIFT_REPLACE', { code: '6064 9999 9999 9999 999' }));
    const otherBrand = await replace(replaceBody('GIFT_ACME'));
    const visa = await replace(replaceBody('GIFT_REPLACE', { code: demoCard('VISA_ACTIVE').number, securityCode: 'Tq8m3x' }));
    for (const res of [wrongCode, unknownNumber, otherBrand, visa]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'CARD_NOT_FOUND', message: expect.any(String) });
    }
    expect(new Set([wrongCode, unknownNumber, otherBrand, visa].map((r) => r.body)).size).toBe(1);
    expect((await cardRow(t, 'GIFT_REPLACE')).failed_attempts).toBe(1);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 400 BALANCE_TOO_LOW for GIFT_EMPTY and changes nothing', async () => {
    const before = await snapshot();
    const res = await replace(replaceBody('GIFT_EMPTY'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'BALANCE_TOO_LOW', message: expect.any(String) });
    expect(await snapshot()).toEqual(before);
    expect((await cardRow(t, 'GIFT_EMPTY')).state).toBe('active');
    const events = await t.db.selectFrom('audit_events').select('outcome').where('type', '=', 'giftcard.replace').execute();
    expect(events.map((e) => e.outcome)).toContain('balance_too_low');
  });

  it("compares the whole balance with the brand's minimum: below refuses, equal replaces", async () => {
    const demo = await t.db.selectFrom('brands').select(['id', 'replacement_minimum']).where('code', '=', 'DEMO').executeTakeFirstOrThrow();
    expect(demo.replacement_minimum).toBe(100);
    const setMinimum = async (value: number) => {
      await t.db.updateTable('brands').set({ replacement_minimum: value }).where('id', '=', demo.id).execute();
      t.deps.brands.clear();
    };
    try {
      await setMinimum(1001); // GIFT_GRACE holds 1000
      expect((await replace(replaceBody('GIFT_GRACE'))).json().code).toBe('BALANCE_TOO_LOW');
      await setMinimum(1000);
      expect((await replace(replaceBody('GIFT_GRACE'))).statusCode).toBe(200);
    } finally {
      await setMinimum(100);
    }
  });
});

describe('REPLACE: success', () => {
  const email = 'Nieuwe.Kaart@example.nl';
  let recoveryCode = '';

  it('issues a new card with the whole balance, blocks the old one and queues the e-mail', async () => {
    recoveryCode = await giveRecoveryCode(t, 'GIFT_REPLACE'); // must stop working with the card
    secretsUsed.add(recoveryCode);
    const old = await cardRow(t, 'GIFT_REPLACE');
    const before = await snapshot();

    const res = await replace(replaceBody('GIFT_REPLACE', { email: `  ${email} `, culture: 'en' }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(replacementSchema.parse(res.json())).toEqual({ email });

    // The old card: blocked and pointing at the new one.
    const blocked = await cardRow(t, 'GIFT_REPLACE');
    expect(blocked.state).toBe('blocked');
    expect(blocked.failed_attempts).toBe(0); // the right code reset the wrong one counted above
    const fresh = await t.db.selectFrom('cards').selectAll().where('id', '=', blocked.replaced_by_card_id!).executeTakeFirstOrThrow();
    expect(fresh).toMatchObject({ brand_id: old.brand_id, kind: 'giftcard', state: 'active', asset_code: 'EUR', expires_at: old.expires_at, replaced_by_card_id: null });

    // Money: nothing created, nothing lost.
    const after = await snapshot();
    expect(after.cards).toBe(before.cards + 1);
    expect(after.ledger.total).toBe(before.ledger.total);
    expect(before.ledger.byCard.get(old.id)).toBe(1800);
    expect(after.ledger.byCard.get(old.id)).toBe(0);
    expect(after.ledger.byCard.get(fresh.id)).toBe(1800);
    const moves = await t.db.selectFrom('ledger_entries').select(['card_id', 'amount', 'kind', 'reference']).where('kind', 'in', ['replacement_out', 'replacement_in']).execute();
    expect(moves.filter((m) => m.card_id === old.id || m.card_id === fresh.id).sort((a, b) => a.amount - b.amount)).toEqual([
      { card_id: old.id, amount: -1800, kind: 'replacement_out', reference: `replacement:${old.id}:EUR:out` },
      { card_id: fresh.id, amount: 1800, kind: 'replacement_in', reference: `replacement:${old.id}:EUR:in` },
    ]);

    // The e-mail: one, to the address, in English, with the new number and code.
    const mail = await replacementEmail(t, old.id);
    secretsUsed.add(mail.cardNumber).add(mail.securityCode);
    expect(mail.row).toMatchObject({ purpose: 'replacement_card', channel: 'email', status: 'pending', card_id: fresh.id, brand_id: old.brand_id, recipient_hint: 'N***@example.nl' });
    expect(mail.message.to).toBe(email);
    expect(mail.message.subject).toBe(DEFAULT_TRANSLATIONS.en!.email__replacement_subject!.replace('{{brand}}', 'Tessera Demo'));
    expect(mail.cardNumber).toMatch(/^606400\d{13}$/);
    expect(mail.cardNumber).not.toBe('6064000000000000108');
    expect(mail.cardNumber.slice(-3)).toBe(fresh.number_last3);
    expect(evaluatePasscode(mail.securityCode)).toBe('ok');
    expect(mail.securityCode).toMatch(/^\d{6}$/);

    // The address is kept encrypted.
    const record = await t.db.selectFrom('card_replacements').selectAll().where('old_card_id', '=', old.id).executeTakeFirstOrThrow();
    expect(record).toMatchObject({ new_card_id: fresh.id, culture: 'en' });
    expect(record.email_ciphertext).not.toContain('example');
    expect(t.deps.crypto.cipher.decrypt(record.email_ciphertext, PURPOSE.replacementEmail)).toBe(email);

    // Audit: the replacement on the old card, the issue on the new one.
    const events = await t.db.selectFrom('audit_events').selectAll().where('card_id', 'in', [old.id, fresh.id]).where('type', 'in', ['giftcard.replace', 'card.issue']).execute();
    expect(events.map((e) => [e.type, e.outcome, e.card_id === fresh.id ? 'new' : 'old'])).toEqual(
      expect.arrayContaining([
        ['giftcard.replace', 'success', 'old'],
        ['card.issue', 'replacement', 'new'],
      ]),
    );
  });

  it('makes the new card work on the BALANCE lookup with the moved balance, and the old one on no lookup', async () => {
    const old = await cardRow(t, 'GIFT_REPLACE');
    const mail = await replacementEmail(t, old.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/GiftCard/',
      headers: { 'x-flow-type': 'BALANCE' },
      payload: lookupBody('GIFT_REPLACE', { giftCardNumber: mail.cardNumber, pinCode: mail.securityCode }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: mail.cardNumber,
      expiresAt: null,
      balances: [{ quantity: { value: 1800, assetCode: 'EUR' } }],
      // The new card's history is the balance it received.
      transactions: [{ kind: 'replacement_in', amount: { value: 1800, assetCode: 'EUR' }, createdAt: expect.any(String) }],
    });

    for (const [url, flow] of [
      ['/api/GiftCard/', 'BALANCE'],
      ['/api/GiftCard/', 'IDENTIFY'],
      [replaceApi.lookup.build(), 'REPLACE'],
    ] as const) {
      const refused = await lookup(url, 'GIFT_REPLACE', flow);
      expect(refused.statusCode, `${url} ${flow}`).toBe(404);
      expect(refused.json().code).toBe('CARD_NOT_FOUND');
    }
  });

  it("stops the old card's recovery code (RESET answers RECOVERY_CODE_NOT_FOUND)", async () => {
    const old = await cardRow(t, 'GIFT_REPLACE');
    const code = await t.db.selectFrom('card_secrets').select('id').where('card_id', '=', old.id).where('kind', '=', 'recovery_code').where('used_at', 'is', null).execute();
    expect(code).toHaveLength(1); // still stored, but the card is blocked
    const res = await t.app.inject({
      method: 'POST',
      url: resetApi.recovery.build({ themeCode: 'demo' }),
      headers: { 'x-flow-type': 'SECURITY_RESET' },
      payload: resetBody('GIFT_REPLACE', { otcNumber: recoveryCode }),
    });
    expect(res.json().code).toBe('RECOVERY_CODE_NOT_FOUND');
  });

  /**
   * What a repeat must leave as it was: the counts and the ledger, both cards' rows, the stored
   * address and the e-mail. Not the number's guessing counters: a repeat proves the right code,
   * which forgets earlier wrong ones, as any right secret does.
   */
  const replacedState = async () => {
    const { failed_attempts: _failed, locked_until: _until, operator_locked: _locked, ...old } = await cardRow(t, 'GIFT_REPLACE');
    const fresh = await t.db.selectFrom('cards').selectAll().where('id', '=', old.replaced_by_card_id!).executeTakeFirstOrThrow();
    const record = await t.db.selectFrom('card_replacements').selectAll().where('old_card_id', '=', old.id).executeTakeFirstOrThrow();
    const outbox = await t.db.selectFrom('outbox_messages').selectAll().where('card_id', '=', fresh.id).execute();
    return { ...(await snapshot()), old, fresh, record, outbox };
  };
  const replaceOutcomes = async () => {
    const old = await cardRow(t, 'GIFT_REPLACE');
    const events = await t.db.selectFrom('audit_events').select('outcome').where('card_id', '=', old.id).where('type', '=', 'giftcard.replace').execute();
    return events.map((e) => e.outcome);
  };

  it('answers a repeat naming the same address (case and spaces aside) with the first answer, and changes nothing', async () => {
    const old = await cardRow(t, 'GIFT_REPLACE');
    const before = await replacedState();
    for (const again of [email, email.toLowerCase(), `  ${email.toUpperCase()}  `]) {
      const same = await replace(replaceBody('GIFT_REPLACE', { email: again }));
      expect(same.statusCode, again).toBe(200);
      expect(same.json()).toEqual({ email });
    }
    expect(await replacedState()).toEqual(before);
    expect((await replacementEmail(t, old.id)).message.to).toBe(email);
    expect((await replaceOutcomes()).filter((o) => o === 'already_replaced')).toHaveLength(3);
  });

  it('refuses a repeat naming another address with 409 IDEMPOTENCY_CONFLICT, naming no address, and changes nothing', async () => {
    const old = await cardRow(t, 'GIFT_REPLACE');
    const before = await replacedState();
    const conflicts = (await replaceOutcomes()).filter((o) => o === 'idempotency_conflict').length;
    for (const other of ['finder@example.org', 'nieuwe.kaart@example.com', 'Nieuwe.Kaart@example.nl.evil']) {
      const res = await replace(replaceBody('GIFT_REPLACE', { email: other }));
      expect(res.statusCode, other).toBe(409);
      expect(res.json()).toEqual({ code: 'IDEMPOTENCY_CONFLICT', message: expect.any(String) });
      // Neither the first address nor its mask: whoever holds the old card learns only that it was replaced.
      expect(res.body).not.toContain('@');
      expect(res.body).not.toContain('***');
    }
    expect(await replacedState()).toEqual(before);
    expect((await replacementEmail(t, old.id)).message.to).toBe(email);
    expect((await replaceOutcomes()).filter((o) => o === 'idempotency_conflict')).toHaveLength(conflicts + 3);
    // The first address still gets its answer afterwards.
    expect((await replace(replaceBody('GIFT_REPLACE', { email }))).json()).toEqual({ email });
  });

  it('still needs the right code on a replaced card, and counts wrong ones', async () => {
    const res = await replace(replaceBody('GIFT_REPLACE', { securityCode: '000000' }));
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('CARD_NOT_FOUND');
    expect((await cardRow(t, 'GIFT_REPLACE')).failed_attempts).toBe(1);
  });
});

describe('REPLACE: twenty requests at once', () => {
  it('replaces the card once: one new card, one e-mail, one ledger move, twenty equal answers', async () => {
    const old = await cardRow(t, 'GIFT_PAYOUT');
    const before = await snapshot();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: replaceApi.replace.build({ themeCode: 'demo' }),
          headers: { 'x-flow-type': 'REPLACE' },
          payload: replaceBody('GIFT_PAYOUT', { email: 'tegelijk@example.nl' }),
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body))).toEqual(new Set([JSON.stringify({ email: 'tegelijk@example.nl' })]));

    const after = await snapshot();
    expectOneReplacement(before, after);
    const blocked = await cardRow(t, 'GIFT_PAYOUT');
    expect(after.ledger.byCard.get(old.id)).toBe(0);
    expect(after.ledger.byCard.get(blocked.replaced_by_card_id!)).toBe(4250);
    const outcomes = await t.db.selectFrom('audit_events').select('outcome').where('card_id', '=', old.id).where('type', '=', 'giftcard.replace').execute();
    expect(outcomes.filter((o) => o.outcome === 'success')).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === 'already_replaced')).toHaveLength(19);
    secretsUsed.add((await replacementEmail(t, old.id)).cardNumber);
  });

  it('with two addresses mixed: replaces once, answers the address that won and refuses the other with 409', async () => {
    const card = await issueTestGiftCard(t, { balance: 2600 });
    const before = await snapshot();
    const addresses = ['eerste.aanvraag@example.nl', 'tweede.aanvraag@example.org'];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        replace({ code: card.number, securityCode: card.securityCode, email: addresses[i % 2], balances: [{ quantity: { value: 2600, assetCode: 'EUR' } }] }),
      ),
    );

    // One replacement, whichever address came first.
    const after = await snapshot();
    expectOneReplacement(before, after);
    const mail = await replacementEmail(t, card.id);
    secretsUsed.add(mail.cardNumber).add(mail.securityCode);
    const won = mail.message.to;
    expect(addresses).toContain(won);
    expect(after.ledger.byCard.get(card.id)).toBe(0);
    expect(after.ledger.byCard.get((await cardRow(t, card.number)).replaced_by_card_id!)).toBe(2600);

    // Each request with the winning address answers it; each with the other one is refused.
    answers.forEach((res, i) => {
      if (addresses[i % 2] === won) expect([res.statusCode, res.json()]).toEqual([200, { email: won }]);
      else expect([res.statusCode, res.json().code]).toEqual([409, 'IDEMPOTENCY_CONFLICT']);
    });
    const outcomes = (await t.db.selectFrom('audit_events').select('outcome').where('card_id', '=', card.id).where('type', '=', 'giftcard.replace').execute()).map((o) => o.outcome);
    expect(outcomes.filter((o) => o === 'success')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'already_replaced')).toHaveLength(9);
    expect(outcomes.filter((o) => o === 'idempotency_conflict')).toHaveLength(10);
  });
});

describe("REPLACE: the e-mail's language", () => {
  const cultureOf = async (name: string) => {
    const old = await cardRow(t, name);
    const record = await t.db.selectFrom('card_replacements').select('culture').where('old_card_id', '=', old.id).executeTakeFirstOrThrow();
    const mail = await replacementEmail(t, old.id);
    secretsUsed.add(mail.cardNumber).add(mail.securityCode);
    return { culture: record.culture, subject: mail.message.subject };
  };

  it('follows Accept-Language without a culture field, and falls back to nl', async () => {
    const en = await replace(replaceBody('GIFT_BALANCE'), { headers: { 'accept-language': 'de-DE, en-GB;q=0.9, nl;q=0.5' } });
    expect(en.statusCode).toBe(200);
    expect(await cultureOf('GIFT_BALANCE')).toEqual({ culture: 'en', subject: 'Your new Tessera Demo card' });

    const none = await replace(replaceBody('GIFT_IDENTIFY'));
    expect(none.statusCode).toBe(200);
    expect(await cultureOf('GIFT_IDENTIFY')).toEqual({ culture: 'nl', subject: 'Je nieuwe kaart van Tessera Demo' });
  });

  it("writes in a language the brand offers for REPLACE: acme (nl only) answers in Dutch even when English is asked", async () => {
    const res = await replace(replaceBody('GIFT_ACME', { culture: 'en' }), { theme: 'acme', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(200);
    expect((await cultureOf('GIFT_ACME')).culture).toBe('nl');
  });
});

describe('REPLACE of a registered or paid-out card', () => {
  const replaceOf = (card: { number: string; securityCode: string }, balance: number) =>
    replace({ code: card.number, securityCode: card.securityCode, email: 'kaarthouder@example.nl', balances: [{ quantity: { value: balance, assetCode: 'EUR' } }] });

  it('gives the new card the registration, so it can be neither registered again nor paid out to someone else', async () => {
    const card = await issueTestGiftCard(t, { balance: 4000 });
    const registration = await seedIdentitySession(t, { flowType: 'IDENTIFY' });
    const registered = await identifyCustomerCall(t, registration.sessionId, { cardNumber: card.number, securityCode: card.securityCode });
    expect(registered.statusCode).toBe(200);

    expect((await replaceOf(card, 4000)).statusCode).toBe(200);
    const fresh = await replacementEmail(t, card.id);
    const newCard = await cardRow(t, fresh.cardNumber);
    expect(newCard.registered_at).toBe((await cardRow(t, card.number)).registered_at);

    const payout = await seedIdentitySession(t, { flowType: 'PAYOUT' });
    const paid = await payoutCustomerCall(t, {
      cardNumber: fresh.cardNumber,
      securityCode: fresh.securityCode,
      sessionId: payout.sessionId,
      bankAccountNumber: 'NL69INGB0123456789',
    });
    expect(refusal(paid)).toEqual({ status: 400, code: 'CARD_ALREADY_REGISTERED' });
    const again = await seedIdentitySession(t, { flowType: 'IDENTIFY' });
    const reRegistered = await identifyCustomerCall(t, again.sessionId, { cardNumber: fresh.cardNumber, securityCode: fresh.securityCode });
    expect(refusal(reRegistered)).toEqual({ status: 400, code: 'CARD_ALREADY_REGISTERED' });
    expect(await t.db.selectFrom('payouts').select('id').where('card_id', '=', newCard.id).execute()).toEqual([]);
  });

  it('refuses a card that was paid out, even with money on it, and changes nothing', async () => {
    const card = await issueTestGiftCard(t, { balance: 3000 });
    // A payout on its way: paid_out_at is set until the bank settles or refuses it.
    await t.db.updateTable('cards').set({ paid_out_at: new Date().toISOString() }).where('id', '=', card.id).execute();
    const before = await snapshot();
    expect(refusal(await replaceOf(card, 3000))).toEqual({ status: 400, code: 'BALANCE_TOO_LOW' });
    expect(await snapshot()).toEqual(before);
    expect((await cardRow(t, card.number)).state).toBe('active');
  });
});

describe('REPLACE: nothing secret in logs', () => {
  it('writes no card number, security code or e-mail address to the log or the audit trail', async () => {
    expect(log.text()).toContain('request completed');
    await expectNoSecretsInLogOrAudit(t, log, secretsUsed);
    expect(secretsUsed.size).toBeGreaterThan(15);
    // The outbox row shows the recipient masked only.
    const rows = await t.db.selectFrom('outbox_messages').select(['recipient_hint', 'last_error', 'purpose']).execute();
    expect(JSON.stringify(rows)).not.toMatch(/[a-z0-9.]{2,}@/i);
  });
});
