import { describe, expect, it } from 'vitest';
import { normalizeEmail, normalizePhoneNumber } from '../../src/domain/search-values.js';
import { eventActor } from '../../src/domain/staff-actor.js';
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

describe('eventActor', () => {
  const names = (id: string) => (id === 'k1' ? 'Kassa' : undefined);
  const by = (actor: string | null, client: string | null) => eventActor({ actor, client }, names).by;

  it('names the actor from the actor column: staff by e-mail, the operator, an API key by its name then, a cardholder and the system', () => {
    expect(eventActor({ actor: 'support@demo.test', client: '192.0.2.0/24' }, names)).toEqual({ by: 'support@demo.test', staff: true });
    expect(by('operator:ops', 'operator:ops')).toBe('operator');
    expect(by('operator', null)).toBe('operator');
    expect(by('api:Kassa oud', 'api-key:k1')).toBe('api:Kassa oud');
    expect(by('cardholder', '192.0.2.0/24')).toBe('cardholder');
    expect(eventActor({ actor: 'system:expiry', client: null }, names)).toEqual({ by: 'system', staff: false });
  });

  it('falls back to the client encodings for events written before the actor column', () => {
    expect(eventActor({ actor: null, client: 'staff:support@demo.test' }, names)).toEqual({ by: 'support@demo.test', staff: true });
    expect(by(null, 'operator:ops')).toBe('operator');
    expect(by(null, 'api-key:k1')).toBe('api:Kassa');
    expect(by(null, 'api-key:gone')).toBe('api:gone');
    expect(by(null, '192.0.2.0/24')).toBe('cardholder');
    expect(by(null, null)).toBe('system');
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
