import {
  CARD_GROUP_SIZE,
  MASK_HIDDEN_CHARACTERS,
  MASK_VISIBLE_CHARACTERS,
} from './constants.js';

/**
 * docs/product/common.md#card-numbers: whitespace and every non-alphanumeric character are stripped
 * from a card number.
 */
export function stripCardNumber(input: string): string {
  return input.replace(/[^0-9a-zA-Z]/g, '');
}

/** Groups characters in blocks (of 4 by default), as every card number field shows them. */
export function groupInBlocks(value: string, size: number = CARD_GROUP_SIZE): string {
  const groups: string[] = [];
  for (let i = 0; i < value.length; i += size) groups.push(value.slice(i, i + size));
  return groups.join(' ');
}

/** Formats what a cardholder typed: stripped, then grouped in blocks of 4. */
export function formatCardNumberInput(input: string): string {
  return groupInBlocks(stripCardNumber(input));
}

/**
 * docs/product/common.md#card-numbers: 16 X characters plus the last 3 characters, or XXX when the
 * number is shorter than 3. The mask never reveals more than the last 3, whatever the number's
 * length.
 */
export function maskCardNumber(cardNumber: string): string {
  const stripped = stripCardNumber(cardNumber);
  const tail =
    stripped.length >= MASK_VISIBLE_CHARACTERS
      ? stripped.slice(-MASK_VISIBLE_CHARACTERS)
      : 'X'.repeat(MASK_VISIBLE_CHARACTERS);
  return 'X'.repeat(MASK_HIDDEN_CHARACTERS) + tail;
}
