import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/config.js';

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
  it('is optional, and takes the BIC of a Dutch IBAN from the bank list', () => {
    expect(parseConfig({ NODE_ENV: 'test' }).payoutDebtor).toBeUndefined();
    expect(parseConfig({ NODE_ENV: 'test', PAYOUT_DEBTOR_NAME: 'Tessera B.V.', PAYOUT_DEBTOR_IBAN: 'nl91 abna 0417 1643 00' }).payoutDebtor).toEqual({
      name: 'Tessera B.V.',
      iban: 'NL91ABNA0417164300',
      bic: 'ABNANL2A',
    });
    expect(
      parseConfig({ NODE_ENV: 'test', PAYOUT_DEBTOR_NAME: 'Tessera GmbH', PAYOUT_DEBTOR_IBAN: 'DE89370400440532013000', PAYOUT_DEBTOR_BIC: 'cobadeffxxx' }).payoutDebtor,
    ).toEqual({ name: 'Tessera GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' });
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
