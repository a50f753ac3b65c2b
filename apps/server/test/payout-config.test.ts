import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_PAYOUT_DEBTOR, parseConfig } from '../src/config/index.js';

const problemsOf = (env: Record<string, string>) => {
  try {
    parseConfig({ NODE_ENV: 'test', ...env });
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

describe('the payout account (PAYOUT_DEBTOR_*)', () => {
  it('is optional outside demo mode, and takes the BIC of a Dutch IBAN from the bank list', () => {
    expect(parseConfig({ NODE_ENV: 'test', DEMO_MODE: 'false' }).payoutDebtor).toBeUndefined();
    expect(parseConfig({ NODE_ENV: 'test', PAYOUT_DEBTOR_NAME: 'Tessera B.V.', PAYOUT_DEBTOR_IBAN: 'nl91 abna 0417 1643 00' }).payoutDebtor).toEqual({
      name: 'Tessera B.V.',
      iban: 'NL91ABNA0417164300',
      bic: 'ABNANL2A',
    });
    expect(
      parseConfig({ NODE_ENV: 'test', PAYOUT_DEBTOR_NAME: 'Tessera GmbH', PAYOUT_DEBTOR_IBAN: 'DE89370400440532013000', PAYOUT_DEBTOR_BIC: 'cobadeffxxx' }).payoutDebtor,
    ).toEqual({ name: 'Tessera GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' });
  });

  it('is the demo account, named as such, in demo mode without PAYOUT_DEBTOR_*; production refuses it', () => {
    const demo = parseConfig({ NODE_ENV: 'test' });
    expect(demo.demoMode).toBe(true);
    expect(demo.payoutDebtor).toEqual({ name: 'Tessera Demo — not a real account', iban: 'NL13TEST0123456789', bic: 'TESTNL2A' });
    expect(demo.payoutDebtor).toBe(DEMO_PAYOUT_DEBTOR);
    // A configured account wins in demo mode too.
    expect(parseConfig({ NODE_ENV: 'test', PAYOUT_DEBTOR_NAME: 'Tessera B.V.', PAYOUT_DEBTOR_IBAN: 'NL91ABNA0417164300' }).payoutDebtor?.iban).toBe('NL91ABNA0417164300');
    const demoIban = { PAYOUT_DEBTOR_NAME: 'Tessera B.V.', PAYOUT_DEBTOR_IBAN: 'NL13 TEST 0123 4567 89', PAYOUT_DEBTOR_BIC: 'TESTNL2A' };
    expect(problemsOf({ NODE_ENV: 'production', ...demoIban })).toContainEqual(expect.stringMatching(/^PAYOUT_DEBTOR_IBAN: the demo payout account is refused in production/));
    expect(problemsOf({ NODE_ENV: 'production', PAYOUT_DEBTOR_NAME: 'Tessera B.V.', PAYOUT_DEBTOR_IBAN: 'NL91ABNA0417164300' })).not.toContainEqual(
      expect.stringMatching(/^PAYOUT_DEBTOR/),
    );
  });

  it('lists every problem', () => {
    expect(problemsOf({ PAYOUT_DEBTOR_IBAN: 'NL91ABNA0417164300' })).toEqual([expect.stringMatching(/^PAYOUT_DEBTOR_NAME: required/)]);
    expect(problemsOf({ PAYOUT_DEBTOR_NAME: 'X' })).toEqual([expect.stringMatching(/^PAYOUT_DEBTOR_IBAN: required/)]);
    expect(problemsOf({ PAYOUT_DEBTOR_NAME: 'X', PAYOUT_DEBTOR_IBAN: 'DE89370400440532013000' })).toEqual([
      expect.stringMatching(/^PAYOUT_DEBTOR_BIC: required when the bank/),
    ]);
    expect(problemsOf({ PAYOUT_DEBTOR_NAME: 'x'.repeat(71), PAYOUT_DEBTOR_IBAN: 'NL92ABNA0417164300', PAYOUT_DEBTOR_BIC: 'ABN' })).toEqual([
      expect.stringMatching(/^PAYOUT_DEBTOR_NAME: at most 70/),
      expect.stringMatching(/^PAYOUT_DEBTOR_IBAN: not a valid IBAN/),
      expect.stringMatching(/^PAYOUT_DEBTOR_BIC: not a valid BIC/),
    ]);
  });
});
