import { describe, expect, it } from 'vitest';
import { normalizeEmail, normalizePhoneNumber } from '../../src/domain/search-values.js';
import { actorLabel } from '../../src/domain/staff-actor.js';
import { maskEmail, maskPersonalData, maskPhone } from '../../src/domain/staff-masking.js';
import { compareNewestFirst, decodeCursor, encodeCursor, mergePage, type TimelinePosition } from '../../src/domain/timeline-page.js';

describe('search values', () => {
  it('writes every spelling of a Dutch mobile number as one E.164 number', () => {
    for (const typed of ['+31612345601', '+31 6 1234 5601', '0612345601', '06-12345601', '0031612345601', '(06) 1234 5601', '31612345601']) {
      expect(normalizePhoneNumber(typed), typed).toBe('+31612345601');
    }
    expect(normalizePhoneNumber('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalizePhoneNumber('')).toBeNull();
  });

  it('compares e-mail addresses trimmed and in lower case', () => {
    expect(normalizeEmail('  J.de.Vries@Example.NL ')).toBe('j.de.vries@example.nl');
    expect(normalizeEmail(null)).toBeNull();
  });
});

describe('masking for staff', () => {
  it('shows an e-mail address by its first character and domain, a phone number by its country code and last two digits', () => {
    expect(maskEmail('jan@example.com')).toBe('j***@example.com');
    expect(maskPhone('+31612345601')).toBe('+316******01');
  });

  it('masks every address, IBAN and long run of digits in free text, and leaves dates and amounts readable', () => {
    const text = 'blocked since 2026-11-28T10:00:00Z; 1500 EUR to NL91 ABNA 0417 1643 00, +31 6 1234 5601, jan@example.com, 6064 0000 0000 0000 101';
    const masked = maskPersonalData(text);
    expect(masked).toContain('2026-11-28T10:00:00Z');
    expect(masked).toContain('1500 EUR');
    for (const full of ['0417', '1234 5601', 'jan@example.com', '6064']) expect(masked).not.toContain(full);
    expect(masked).toContain('j***@example.com');
  });
});

describe('actorLabel', () => {
  it('names staff by e-mail, the operator, an API key by its name, a cardholder and the system', () => {
    const names = (id: string) => (id === 'k1' ? 'Kassa' : undefined);
    expect(actorLabel('staff:support@demo.test', names)).toBe('support@demo.test');
    expect(actorLabel('operator:ops', names)).toBe('operator');
    expect(actorLabel('api-key:k1', names)).toBe('api:Kassa');
    expect(actorLabel('api-key:gone', names)).toBe('api:gone');
    expect(actorLabel('192.0.2.0/24', names)).toBe('cardholder');
    expect(actorLabel(null, names)).toBe('system');
  });
});

describe('timeline pages', () => {
  it('orders by time, then source, then id, newest first, and round-trips a cursor', () => {
    const a: TimelinePosition = { at: '2026-01-01T00:00:01.000Z', source: 'ledger', id: 'b' };
    const b: TimelinePosition = { at: '2026-01-01T00:00:01.000Z', source: 'ledger', id: 'a' };
    const c: TimelinePosition = { at: '2026-01-01T00:00:01.000Z', source: 'audit', id: 'z' };
    const d: TimelinePosition = { at: '2026-01-01T00:00:00.000Z', source: 'note', id: 'z' };
    expect([d, c, b, a].sort(compareNewestFirst)).toEqual([a, b, c, d]);
    expect(decodeCursor(encodeCursor(c))).toEqual(c);
    expect(decodeCursor('garbage')).toBeUndefined();
    expect(decodeCursor(Buffer.from(JSON.stringify(['t', 'elsewhere', 'i'])).toString('base64url'))).toBeUndefined();
  });

  it('keeps the newest of several sources and says whether more are left', () => {
    const at = (s: number) => `2026-01-01T00:00:0${s}.000Z`;
    const ledger: TimelinePosition[] = [at(5), at(3), at(1)].map((t, i) => ({ at: t, source: 'ledger', id: `l${i}` }));
    const notes: TimelinePosition[] = [at(4), at(2)].map((t, i) => ({ at: t, source: 'note', id: `n${i}` }));
    expect(mergePage([ledger, notes], 3)).toEqual({ items: [ledger[0], notes[0], ledger[1]], more: true });
    expect(mergePage([ledger, notes], 5).more).toBe(false);
  });
});
