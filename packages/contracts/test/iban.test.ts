import { describe, expect, it } from 'vitest';
import { bicOfIban, checkPayoutIban, formatIban, IDIN_BANKS, isValidIbanChecksum, maskIban, NL_BANKS, nlBankOf, normalizeIban } from '../src/index.js';

describe('IBAN', () => {
  it('normalises and groups as the IBAN field does', () => {
    expect(normalizeIban(' nl91 abna 0417 1643 00 ')).toBe('NL91ABNA0417164300');
    expect(formatIban('nl91abna0417164300')).toBe('NL91 ABNA 0417 1643 00');
  });

  it('checks the checksum, not only the pattern', () => {
    expect(isValidIbanChecksum('NL91ABNA0417164300')).toBe(true);
    expect(isValidIbanChecksum('NL92ABNA0417164300')).toBe(false);
    expect(isValidIbanChecksum('DE89370400440532013000')).toBe(true);
    expect(checkPayoutIban('NL92ABNA0417164300')).toEqual({ ok: false, reason: 'checksum' });
  });

  it('accepts a Dutch IBAN of an iDIN bank and names the bank', () => {
    const check = checkPayoutIban('nl91 abna 0417 1643 00');
    expect(check).toMatchObject({ ok: true, iban: 'NL91ABNA0417164300', bank: { code: 'ABNA', bic: 'ABNANL2A', idin: true } });
    expect(checkPayoutIban('NL69INGB0123456789')).toMatchObject({ ok: true, bank: { code: 'INGB', bic: 'INGBNL2A' } });
  });

  it('refuses other countries, unknown bank codes and banks without iDIN', () => {
    expect(checkPayoutIban('DE89370400440532013000')).toEqual({ ok: false, reason: 'format' });
    expect(checkPayoutIban('NL91ABNA041716430')).toEqual({ ok: false, reason: 'format' });
    // Valid checksum, but no Dutch bank has the code XXXX.
    expect(checkPayoutIban('NL64XXXX0123456789')).toEqual({ ok: false, reason: 'unknown_bank' });
    // Triodos: a real bank, not an iDIN issuer.
    expect(checkPayoutIban('NL70TRIO0123456789')).toMatchObject({ ok: false, reason: 'no_idin', bank: { code: 'TRIO' } });
  });

  it('knows the seven iDIN issuers and every BIC starts with its bank code', () => {
    expect(IDIN_BANKS.map((b) => b.code)).toEqual(['ABNA', 'ASNB', 'BUNQ', 'INGB', 'RABO', 'RBRB', 'SNSB']);
    expect(NL_BANKS.length).toBe(94);
    for (const bank of NL_BANKS) expect(bank.bic.startsWith(bank.code)).toBe(true);
    expect(nlBankOf('NL02RABO')?.name).toBeDefined();
    expect(bicOfIban('NL91ABNA0417164300')).toBe('ABNANL2A');
    expect(bicOfIban('DE89370400440532013000')).toBeUndefined();
  });

  it('masks all but the bank code and the last 4 characters', () => {
    expect(maskIban('NL91 ABNA 0417 1643 00')).toBe('NL91ABNA******4300');
  });
});
