import { describe, expect, it } from 'vitest';
import {
  buildCreditTransferXml,
  isSepaIdentifier,
  isSepaLatin,
  sepaAmount,
  sepaName,
  sepaRemittance,
  SepaRuleError,
  type SepaCreditTransferFile,
  toSepaLatin,
} from '../src/domain/sepa.js';
import { validateAgainstXsd } from '../src/payout-batches/xsd-validator.js';

describe('the EPC Latin character set', () => {
  it('transliterates letters outside it and replaces what cannot be mapped', () => {
    expect(toSepaLatin('Zoë Müller-Lüdenscheidt')).toBe('Zoe Muller-Ludenscheidt');
    expect(toSepaLatin('Straße')).toBe('Strasse');
    expect(toSepaLatin('Łukasz Żółć')).toBe('Lukasz Zolc');
    expect(toSepaLatin('Ørjan Ærø & Søn')).toBe('Orjan AEro + Son');
    expect(toSepaLatin('François Çelik Ğ ı')).toBe('Francois Celik G i');
    expect(toSepaLatin('O’Brien “Jr”')).toBe("O'Brien 'Jr'");
    expect(toSepaLatin('李小龙')).toBe('...');
    expect(toSepaLatin('  two\t\tspaces \n ')).toBe('two spaces');
    // Decomposed input (e + combining acute) ends the same.
    expect(toSepaLatin('Rene\u0301')).toBe('Rene');
    for (const s of ['Zoë', 'Ørjan & Søn <x>', '李小龙', 'a_b;c!d@e#f*g=h|i']) expect(isSepaLatin(toSepaLatin(s))).toBe(true);
  });

  it('keeps names at 70 and the remittance line at 140 characters, never empty', () => {
    expect(sepaName('ß'.repeat(50))).toBe('ss'.repeat(35));
    expect(sepaName('A'.repeat(69) + ' B')).toBe('A'.repeat(69));
    expect(sepaRemittance('x'.repeat(200))).toHaveLength(140);
    expect(sepaName('')).toBe('.');
  });

  it('checks identifiers and formats amounts', () => {
    expect(isSepaIdentifier('TSR-20260101120000-abcdef')).toBe(true);
    expect(isSepaIdentifier('/starts')).toBe(false);
    expect(isSepaIdentifier('a//b')).toBe(false);
    expect(isSepaIdentifier('x'.repeat(36))).toBe(false);
    expect(isSepaIdentifier('é')).toBe(false);
    expect(sepaAmount(4000)).toBe('40.00');
    expect(sepaAmount(1)).toBe('0.01');
    expect(sepaAmount(123456789)).toBe('1234567.89');
  });
});

const file = (overrides: Partial<SepaCreditTransferFile> = {}): SepaCreditTransferFile => ({
  format: 'pain.001.001.09',
  messageId: 'TSR-20260101120000-abcdef',
  createdAt: new Date('2026-01-01T12:00:00Z'),
  executionDate: '2026-01-01',
  debtor: { name: 'Tessera Uitbetalingen B.V.', iban: 'NL91ABNA0417164300', bic: 'ABNANL2A' },
  transfers: [{ endToEndId: 'TSR0123', amount: 4000, creditor: { name: 'Zoë Łukasiewicz', iban: 'NL69INGB0123456789', bic: 'INGBNL2A' }, remittance: 'Uitbetaling' }],
  ...overrides,
});

describe('the credit transfer file', () => {
  it('validates against both schemas, and the validator catches a broken file', async () => {
    for (const format of ['pain.001.001.09', 'pain.001.001.03'] as const) {
      const xml = buildCreditTransferXml(file({ format }));
      expect(await validateAgainstXsd(xml, format)).toEqual({ valid: true, errors: [] });
      const broken = await validateAgainstXsd(xml.replace('<PmtMtd>TRF</PmtMtd>', '<PmtMtd>CHK</PmtMtd><Extra/>'), format);
      expect(broken.valid).toBe(false);
      expect(broken.errors.join('\n')).toMatch(/line \d+/);
      // A file of one version is not valid as the other.
      expect((await validateAgainstXsd(xml, format === 'pain.001.001.09' ? 'pain.001.001.03' : 'pain.001.001.09')).valid).toBe(false);
    }
  });

  it('refuses what the EPC rules forbid', () => {
    expect(() => buildCreditTransferXml(file({ transfers: [] }))).toThrow(SepaRuleError);
    expect(() => buildCreditTransferXml(file({ messageId: 'é' }))).toThrow(SepaRuleError);
    const t = file().transfers[0]!;
    expect(() => buildCreditTransferXml(file({ transfers: [{ ...t, amount: 0 }] }))).toThrow(/outside/);
    expect(() => buildCreditTransferXml(file({ transfers: [{ ...t, amount: 1.5 }] }))).toThrow(/outside/);
    expect(() => buildCreditTransferXml(file({ transfers: [t, t] }))).toThrow(/twice/);
  });
});
