import { describe, expect, it } from 'vitest';
import { formatCardNumberInput, groupInBlocks, maskCardNumber, stripCardNumber } from '../src/index.js';

describe('card number', () => {
  it('strips whitespace and every non-alphanumeric character', () => {
    expect(stripCardNumber(' 6064 0000-0000.0000/101 ')).toBe('6064000000000000101');
    expect(stripCardNumber('ab c!d')).toBe('abcd');
  });

  it('groups in blocks of 4, the last block shorter', () => {
    expect(groupInBlocks('6064000000000000101')).toBe('6064 0000 0000 0000 101');
    expect(groupInBlocks('1234')).toBe('1234');
    expect(groupInBlocks('')).toBe('');
    expect(groupInBlocks('abcdef', 3)).toBe('abc def');
  });

  it('formats typed input: stripped, then grouped', () => {
    expect(formatCardNumberInput('60640000-0000')).toBe('6064 0000 0000');
  });

  it('masks as 16 X characters plus the last 3', () => {
    expect(maskCardNumber('6064 0000 0000 0000 101')).toBe('XXXXXXXXXXXXXXXX101');
    expect(maskCardNumber('4000000000000010')).toBe('XXXXXXXXXXXXXXXX010');
  });

  it('masks a number shorter than 3 as XXX', () => {
    expect(maskCardNumber('12')).toBe('XXXXXXXXXXXXXXXXXXX');
    expect(maskCardNumber('')).toBe('X'.repeat(19));
  });
});
