import { useLayoutEffect, useRef } from 'react';

/**
 * Inputs that show their value in groups of 4 (card number, IBAN) rewrite what was typed: the
 * caret must land after the same typed character, not at the end. Shared by GiftCardNumberField
 * and IbanField.
 */

/**
 * Where the caret belongs in `formatted` after the cardholder typed `raw` with the caret at
 * `caret`: right after as many kept characters (those `clean` keeps) as stood before it, at most
 * `max` of them.
 */
export function caretAfterGrouping(raw: string, caret: number, clean: (text: string) => string, formatted: string, max: number): number {
  const kept = Math.min(clean(raw.slice(0, caret)).length, max);
  if (kept === 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (formatted[i] !== ' ') seen++;
    if (seen === kept) return i + 1;
  }
  return formatted.length;
}

/**
 * Puts the caret at `pendingCaret` once React has rendered the new value, and only while the input
 * has focus (a scanned or restored value leaves the caret alone).
 */
export function useCaretKeeper(value: string) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  const pendingCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (input && pendingCaret.current !== null && document.activeElement === input) {
      input.setSelectionRange(pendingCaret.current, pendingCaret.current);
    }
    pendingCaret.current = null;
  }, [value]);
  return { inputRef, pendingCaret };
}
