import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Pages are lazy chunks: on a loaded machine their first import can take longer than the
// library's 1 s default for findBy*/waitFor. A real failure still fails, only later.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no CSS.escape, which React Aria's popovers and collections call; browsers all have it.
// Enough of the CSSOM rule for the ids React Aria makes (letters, digits, _ and -).
globalThis.CSS ??= {} as typeof CSS;
CSS.escape ??= (value: string) => value.replace(/[^\w-]/g, (char) => `\\${char}`);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});
