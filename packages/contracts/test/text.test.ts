import { describe, expect, it } from 'vitest';
import { multilineText, plainText, printable } from '../src/text.js';

const C0_AND_C1 = [...Array.from({ length: 0x20 }, (_, i) => i), 0x7f, ...Array.from({ length: 0x20 }, (_, i) => 0x80 + i)].map((code) => String.fromCharCode(code));

describe('plainText', () => {
  it('refuses every C0 and C1 control character and DEL, line breaks too', () => {
    for (const control of C0_AND_C1) expect(plainText().safeParse(`Acme${control}Gift`).success, control.charCodeAt(0).toString(16)).toBe(false);
    expect(plainText().safeParse('Acme\u001b[2J').error?.issues[0]?.message).toBe('no control characters (escape sequences, tabs, line breaks)');
  });

  it('accepts letters of any script, punctuation and the characters next to the control ranges', () => {
    for (const text of ['M. Bakker', 'Zoë Ørsted-Ünal', 'Łódź 北京 🎁', 'till-7/0001', ' ~', '\u00a0\u00a1', '']) expect(plainText().safeParse(text).success, text).toBe(true);
  });

  it('chains like z.string(): trim, lengths and a custom error', () => {
    const name = plainText({ error: 'required' }).trim().min(1).max(5);
    expect(name.parse('  Acme ')).toBe('Acme');
    expect(name.safeParse('Acme Gift').success).toBe(false);
    expect(name.safeParse(undefined).error?.issues[0]?.message).toBe('required');
  });
});

describe('multilineText', () => {
  it('keeps line feeds and refuses every other control character, carriage return and tab included', () => {
    expect(multilineText().parse('Called twice:\nonce on Monday')).toBe('Called twice:\nonce on Monday');
    for (const control of C0_AND_C1.filter((c) => c !== '\n')) {
      expect(multilineText().safeParse(`note${control}`).success, control.charCodeAt(0).toString(16)).toBe(false);
    }
  });
});

describe('printable', () => {
  it('replaces each control character, line feeds included, with a space and leaves the rest', () => {
    expect(printable('Acme\u001b[2J\r\nGift\u009b')).toBe('Acme [2J  Gift ');
    expect(printable('Zoë 🎁 ~')).toBe('Zoë 🎁 ~');
    for (const control of C0_AND_C1) expect(printable(control)).toBe(' ');
  });
});
