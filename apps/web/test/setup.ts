import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { resetFlowStores } from '../src/lib/flowState';

// Screens are lazy chunks: on a loaded CI machine their first import can take longer than the
// library's 1 s default for findBy*/waitFor. A real failure still fails, only later.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
  window.localStorage.clear();
  resetFlowStores();
});
