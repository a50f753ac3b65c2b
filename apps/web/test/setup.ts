import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { resetFlowStores } from '../src/lib/flowState';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
  window.localStorage.clear();
  resetFlowStores();
});
