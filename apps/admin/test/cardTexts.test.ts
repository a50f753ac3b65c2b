import { describe, expect, it } from 'vitest';
import { shownMasked } from '../src/lib/cardTexts';

describe('a masked number as staff read it', () => {
  it('is grouped in blocks of four, as the portal shows it, whatever spacing the server sent', () => {
    expect(shownMasked('XXXXXXXXXXXXXXXX101')).toBe('XXXX XXXX XXXX XXXX 101');
    expect(shownMasked('XXXX XXXX XXXXXXXX 101')).toBe('XXXX XXXX XXXX XXXX 101');
  });
});
