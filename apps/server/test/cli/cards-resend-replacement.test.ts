import { randomUUID } from 'node:crypto';
import { formatBalance, stripCardNumber, replaceApi } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { PURPOSE } from '../../src/crypto/index.js';
import { findCardByNumberIndex } from '../../src/db/repositories/cards.js';
import { countersOf, setCounters } from '../helpers/flows.js';
import { claimMessage, markFailed, markSent } from '../../src/db/repositories/outbox.js';
import type { CardRow } from '../../src/db/schema.js';
import type { OutgoingMessage } from '../../src/delivery/message.js';
import { demoCard } from '../helpers/demo.js';
import { type CliResult, expectRefusals, lookupGiftCard, useCliTest } from './support.js';

// tessera cards resend-replacement NUMBER [--email ADDRESS] (docs/operations.md, outbox): the
// way out when the e-mail that brings a replacement card is lost.

const c = useCliTest();

/** Every number, code and address this file uses or learns: no CLI output may hold one. */
const secrets = new Set<string>();
const expectNoSecrets = (res: CliResult) => {
  for (const secret of secrets) {
    expect(res.stdout, 'stdout names no number, code or address').not.toContain(secret);
    expect(res.stderr, 'stderr names no number, code or address').not.toContain(secret);
  }
  expect(`${res.stdout}\n${res.stderr}`).not.toMatch(/\d{16}/);
};

const cardOf = async (number: string): Promise<CardRow> =>
  (await findCardByNumberIndex(c.t.db, c.t.deps.crypto.blindIndex.candidates(PURPOSE.cardNumber, stripCardNumber(number))))!;
const cardById = (id: string) => c.t.db.selectFrom('cards').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const masked = (number: string) => `XXXXXXXXXXXXXXXX${stripCardNumber(number).slice(-3)}`;

/** The replace call, as the portal sends it. */
async function replaceCall(number: string, securityCode: string, email: string, culture?: 'nl' | 'en') {
  secrets.add(stripCardNumber(number)).add(securityCode).add(email);
  return c.t.app.inject({
    method: 'POST',
    url: replaceApi.replace.build({ themeCode: 'demo' }),
    headers: { 'x-flow-type': 'REPLACE' },
    payload: { code: number, email, securityCode, balances: [], ...(culture && { culture }) },
  });
}

/** A BALANCE lookup: OK or the error code. */
const balanceLookup = async (number: string, code: string) => {
  const res = await lookupGiftCard(c.t, 'DEMO', number, code);
  return res.statusCode === 200 ? 'OK' : (res.json().code as string);
};

/** An outbox message decrypted, with the card number and security code read from its text. */
async function readMessage(id: string) {
  const row = await c.t.db.selectFrom('outbox_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  if (!row.payload_ciphertext) throw new Error(`message ${id} has no content`);
  const message = JSON.parse(c.t.deps.crypto.cipher.decrypt(row.payload_ciphertext, PURPOSE.outboxMessage)) as OutgoingMessage;
  const number = /^[^:\n]+: ((?:\d{4} ){3,4}\d{1,4})$/m.exec(message.text)?.[1];
  const code = /^[^:\n]+: ([0-9A-Za-z]{6})$/m.exec(message.text)?.[1];
  if (!number || !code) throw new Error('the e-mail text holds no card number and code');
  secrets.add(stripCardNumber(number)).add(code);
  return { row, message, cardNumber: stripCardNumber(number), securityCode: code };
}

/** The replacement e-mails of a card, oldest first. */
const messagesOf = (cardId: string) =>
  c.t.db.selectFrom('outbox_messages').selectAll().where('card_id', '=', cardId).orderBy('created_at').orderBy('id').execute();

/** What the worker does with a message: claim it under a lease, then record the outcome. */
async function settle(id: string, outcome: 'failed' | 'sent') {
  const now = new Date().toISOString();
  const leaseUntil = new Date(Date.now() + 300_000).toISOString();
  expect(await claimMessage(c.t.db, id, now, leaseUntil)).toBeDefined();
  const done =
    outcome === 'failed'
      ? await markFailed(c.t.db, id, leaseUntil, 1, 'smtp EENVELOPE RCPT TO 550 5.1.1', now)
      : await markSent(c.t.db, id, leaseUntil, 1, 'smtp', now);
  expect(done).toBe(true);
}

/** Replaces a demo card through the API and lets its e-mail fail for good; answers both cards and the lost e-mail. */
async function replaceAndLose(name: string, email: string, culture?: 'nl' | 'en') {
  const demo = demoCard(name);
  const res = await replaceCall(demo.number, demo.securityCode!, email, culture);
  expect(res.statusCode).toBe(200);
  const old = await cardOf(demo.number);
  const [first] = await messagesOf(old.replaced_by_card_id!);
  const lost = await readMessage(first!.id);
  await settle(first!.id, 'failed');
  return { demo, old, newCard: await cardById(old.replaced_by_card_id!), lost };
}

const messageIdIn = (stdout: string) => /outbox message ([0-9a-f-]{36})$/m.exec(stdout)?.[1];

describe('tessera cards resend-replacement', () => {
  it('after a failed e-mail: a new code, the old one stops working, a new pending e-mail to the stored address', async () => {
    const email = 'Lost.Mail@example.nl';
    const { demo, old, newCard, lost } = await replaceAndLose('GIFT_REPLACE', email, 'en');
    expect(await messagesOf(newCard.id)).toEqual([expect.objectContaining({ status: 'failed', payload_ciphertext: null })]);
    // Wrong guesses and a cool-down on the new card: they were guesses of the old code.
    await setCounters(c.t, newCard, { failed_attempts: 7, locked_until: new Date(Date.now() + 600_000).toISOString() });

    const res = await c.cli('cards', 'resend-replacement', ...demo.number.split(' '));
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const messageId = messageIdIn(res.stdout);
    expect(messageId).toBeDefined();
    const lines = res.stdout.split('\n');
    expect(lines.slice(0, 2)).toEqual([
      `Queued a new replacement e-mail for gift card ${masked(lost.cardNumber)} of brand DEMO (the replacement of XXXXXXXXXXXXXXXX108) to L***@example.nl, in en: outbox message ${messageId}`,
      'The card has a new security code, sent only in this e-mail; the code in the earlier e-mail no longer works. 7 wrong attempts cleared.',
    ]);
    expect(lines[2]).toMatch(/^The earlier e-mail: failed, smtp EENVELOPE RCPT TO 550 5\.1\.1 \(.+\)\.$/);
    expect(lines).toHaveLength(3);
    expectNoSecrets(res);

    // The new message: pending, to the stored address, same card and language, a fresh code.
    const messages = await messagesOf(newCard.id);
    expect(messages.map((m) => m.status)).toEqual(['failed', 'pending']);
    const resent = await readMessage(messageId!);
    expect(resent.row).toMatchObject({
      purpose: 'replacement_card',
      channel: 'email',
      status: 'pending',
      card_id: newCard.id,
      brand_id: old.brand_id,
      recipient_hint: 'L***@example.nl',
      attempts: 0,
    });
    expect(resent.row.dedupe_key).toMatch(new RegExp(`^replacement-card:${old.id}:resend:[0-9a-f-]{36}$`));
    expect(resent.message.to).toBe(email);
    expect(resent.message.subject).toBe(lost.message.subject); // English, as the replacement asked
    expect(resent.cardNumber).toBe(lost.cardNumber);
    expect(resent.securityCode).not.toBe(lost.securityCode);
    expect(resent.message.text).toContain(formatBalance(demo.balance));

    const card = await cardById(newCard.id);
    expect(card).toMatchObject({ state: 'active' });
    expect(await countersOf(c.t, card)).toEqual({ failed_attempts: 0, locked_until: null, operator_locked: 0 });
    // The code in the lost e-mail no longer works; the one in the new e-mail does.
    expect(await balanceLookup(lost.cardNumber, lost.securityCode)).toBe('CARD_NOT_FOUND');
    expect(await balanceLookup(lost.cardNumber, resent.securityCode)).toBe('OK');

    // Audited on the new card, without number, code or address.
    const audit = await c.t.db.selectFrom('audit_events').selectAll().where('type', '=', 'card.replacement_resend').where('card_id', '=', newCard.id).execute();
    expect(audit).toEqual([expect.objectContaining({ outcome: 'queued', brand_id: old.brand_id })]);
    expect(audit[0]!.detail).toContain(old.id);
    expect(audit[0]!.detail).toContain(messageId);
    const auditText = JSON.stringify(audit);
    for (const secret of secrets) expect(auditText).not.toContain(secret);

    // The replace call's repeat still sends nothing and still answers the stored address.
    const before = (await messagesOf(newCard.id)).length;
    const repeat = await replaceCall(demo.number, demo.securityCode!, email);
    expect(repeat.json()).toEqual({ email });
    expect((await messagesOf(newCard.id)).length).toBe(before);
  });

  it('accepts the new card number, refuses while an e-mail is pending, and --email changes the address the repeat answers', async () => {
    const first = 'eerste@example.nl';
    const second = 'Tweede.Adres@example.com';
    secrets.add(second);
    const { demo, newCard, lost } = await replaceAndLose('GIFT_NO_EXPIRY', first);
    // Money the cardholder spent in the meantime (someone knew the number): the e-mail shows what is left.
    await c.t.db
      .insertInto('ledger_entries')
      .values({ id: randomUUID(), card_id: newCard.id, asset_code: 'EUR', amount: -200, kind: 'fee', reference: `test:${randomUUID()}`, created_at: new Date().toISOString() })
      .execute();

    const one = await c.cli('cards', 'resend-replacement', lost.cardNumber);
    expect(one.code).toBe(0);
    expect(one.stdout).toContain(`for gift card ${masked(lost.cardNumber)} of brand DEMO (the replacement of XXXXXXXXXXXXXXXX106) to e***@example.nl, in nl:`);
    const firstResend = await readMessage(messageIdIn(one.stdout)!);
    expect(firstResend.message.text).toContain(formatBalance(1000));
    expect(firstResend.message.text).not.toContain(formatBalance(1200));

    // That e-mail is pending: another resend would make its code useless while it may still arrive.
    const secrets0 = await c.t.db.selectFrom('card_secrets').select('id').where('card_id', '=', newCard.id).execute();
    const waiting = await c.cli('cards', 'resend-replacement', demo.number, '--email', second);
    expect(waiting.code).toBe(1);
    expect(waiting.stdout).toBe('');
    expect(waiting.stderr).toContain(`tessera cards resend-replacement: The replacement e-mail of ${masked(lost.cardNumber)} is still waiting to be delivered`);
    expect(waiting.stderr).toContain(firstResend.row.id);
    expectNoSecrets(waiting);
    expect(await c.t.db.selectFrom('card_secrets').select('id').where('card_id', '=', newCard.id).execute()).toEqual(secrets0);
    expect(await balanceLookup(lost.cardNumber, firstResend.securityCode)).toBe('OK');
    expect((await replaceCall(demo.number, demo.securityCode!, first)).json()).toEqual({ email: first });

    // Sent, but the cardholder says it never came (a typo in the address): send it elsewhere.
    await settle(firstResend.row.id, 'sent');
    const two = await c.cli('cards', 'resend-replacement', ...lost.cardNumber.match(/.{1,4}/g)!, '--email', `  ${second} `);
    expect(two.stderr).toBe('');
    expect(two.code).toBe(0);
    expect(two.stdout).toContain('to T***@example.com, in nl:');
    expect(two.stdout).toContain(`The stored address is now T***@example.com: a repeated replace call of XXXXXXXXXXXXXXXX106 must name it (another address is refused).`);
    expect(two.stdout).toMatch(/^The earlier e-mail: sent \(.+\)\.$/m);
    expectNoSecrets(two);
    const secondResend = await readMessage(messageIdIn(two.stdout)!);
    expect(secondResend.message.to).toBe(second);
    expect(secondResend.row.recipient_hint).toBe('T***@example.com');
    expect(await balanceLookup(lost.cardNumber, firstResend.securityCode)).toBe('CARD_NOT_FOUND');
    expect(await balanceLookup(lost.cardNumber, secondResend.securityCode)).toBe('OK');

    // The repeat of the replace call answers the new address to whoever names it; the old address is now another one.
    expect((await replaceCall(demo.number, demo.securityCode!, second.toLowerCase())).json()).toEqual({ email: second });
    const old = await replaceCall(demo.number, demo.securityCode!, first);
    expect([old.statusCode, old.json().code]).toEqual([409, 'IDEMPOTENCY_CONFLICT']);
    const audit = await c.t.db.selectFrom('audit_events').select('detail').where('type', '=', 'card.replacement_resend').where('card_id', '=', newCard.id).orderBy('occurred_at').execute();
    expect(audit.map((a) => /address (\w+)/.exec(a.detail!)?.[1])).toEqual(['kept', 'changed']);
    for (const secret of secrets) expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it('lifts the operator lock of the new card (its number is only in the e-mail, so "cards unlock" cannot be run)', async () => {
    const { demo, newCard, lost } = await replaceAndLose('GIFT_BALANCE', 'slot@example.nl');
    await setCounters(c.t, newCard, { failed_attempts: 100 });
    const res = await c.cli('cards', 'resend-replacement', demo.number);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('100 wrong attempts cleared.');
    expect(res.stdout).toContain('The card was locked after too many wrong codes; the lock is lifted with the new code.');
    const resent = await readMessage(messageIdIn(res.stdout)!);
    expect(await balanceLookup(lost.cardNumber, resent.securityCode)).toBe('OK');
  });

  it('refuses a new card that was replaced again since, naming the card to use instead', async () => {
    const { demo, newCard, lost } = await replaceAndLose('GIFT_RESET', 'keten@example.nl');
    // The cardholder got the number after all and replaced the new card too.
    const again = await replaceCall(lost.cardNumber, lost.securityCode, 'keten@example.nl');
    expect(again.statusCode).toBe(200);
    const latest = await cardById((await cardById(newCard.id)).replaced_by_card_id!);
    const [latestMail] = await messagesOf(latest.id);
    const latestLost = await readMessage(latestMail!.id);

    const res = await c.cli('cards', 'resend-replacement', demo.number);
    expect(res.code).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toBe(
      `tessera cards resend-replacement: The card ${masked(lost.cardNumber)} that replaced XXXXXXXXXXXXXXXX107 was itself replaced since: ` +
        `the latest replacement is ${masked(latestLost.cardNumber)}, issued for ${masked(lost.cardNumber)}. ` +
        `Run the command with the number of ${masked(lost.cardNumber)} or ${masked(latestLost.cardNumber)} instead.`,
    );
    expectNoSecrets(res);

    // The middle card's number means its own replacement, whose e-mail is pending, then failed.
    await settle(latestMail!.id, 'failed');
    const middle = await c.cli('cards', 'resend-replacement', lost.cardNumber);
    expect(middle.code).toBe(0);
    expect(middle.stdout).toContain(`for gift card ${masked(latestLost.cardNumber)} of brand DEMO (the replacement of ${masked(lost.cardNumber)})`);
    const resent = await readMessage(messageIdIn(middle.stdout)!);
    expect(resent.cardNumber).toBe(latestLost.cardNumber);
    expect(await balanceLookup(latestLost.cardNumber, resent.securityCode)).toBe('OK');
  });

  it('refuses an unknown card, a card never replaced, a malformed number and a bad --email, writing nothing', async () => {
    const { demo } = await replaceAndLose('GIFT_IDENTIFY', 'fout@example.nl');
    const count = async (table: 'outbox_messages' | 'card_secrets' | 'audit_events') =>
      Number((await c.t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const snapshot = async () => [await count('outbox_messages'), await count('card_secrets'), await count('audit_events')];
    const before = await snapshot();

    const refusals = await expectRefusals(c, [
      [['cards', 'resend-replacement', '6064 9999 9999 9999 999'], 'tessera cards resend-replacement: No card with number XXXXXXXXXXXXXXXX999 exists.'],
      [
        ['cards', 'resend-replacement', demoCard('GIFT_EMPTY').number],
        'tessera cards resend-replacement: The card XXXXXXXXXXXXXXXX102 was never replaced and is not a replacement card: there is no replacement e-mail to send.',
      ],
      [['cards', 'resend-replacement', demoCard('VISA_ACTIVE').number], expect.stringContaining('was never replaced')],
      [['cards', 'resend-replacement', '1234'], expect.stringContaining('That is not a card number')],
      [['cards', 'resend-replacement', 'abc'], expect.stringContaining('That is not a card number')],
      [['cards', 'resend-replacement', demo.number, '--email', 'niet-een-adres'], 'tessera cards resend-replacement: The address given with --email is not valid: not an e-mail address.'],
      [['cards', 'resend-replacement', demo.number, '--email', ''], expect.stringContaining('The address given with --email is not valid')],
    ]);
    for (const res of refusals) {
      expect(res.stdout).toBe('');
      expectNoSecrets(res);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('shows its help, and refuses a missing number or a missing --email value with exit 2', async () => {
    const help = await c.cli('cards', 'resend-replacement', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: tessera cards resend-replacement NUMBER [--email ADDRESS]');
    expect(help.stdout).toContain('--email ADDRESS');
    expect((await c.cli('cards', '--help')).stdout).toContain('cards resend-replacement');
    expect((await c.cli('--help')).stdout).toContain('cards resend-replacement');
    const missing = await c.cli('cards', 'resend-replacement');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cards resend-replacement needs the card number');
    const noValue = await c.cli('cards', 'resend-replacement', '6064000000000000101', '--email');
    expect(noValue.code).toBe(2);
    const unknownOption = await c.cli('cards', 'resend-replacement', '6064000000000000101', '--force');
    expect(unknownOption.code).toBe(2);
  });
});
