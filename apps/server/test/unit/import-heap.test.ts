import { describe, expect, it } from 'vitest';
import { IMPORT_HEAP_ENV, IMPORT_HEAP_FLAGS, importHeapArguments } from '../../src/operator/cli/import-heap.js';

// The card import runs in a child process with heap limits (import-heap.ts); the built tool's
// import itself is proved in cli/process.test.ts, its memory by npm run bench:import.
describe('importHeapArguments', () => {
  it('runs cards import again with the heap limits, keeping the node arguments it was given', () => {
    expect(importHeapArguments(['cards', 'import', 'cards.csv'], [], {})).toEqual([...IMPORT_HEAP_FLAGS]);
    expect(importHeapArguments(['cards', 'import', 'cards.csv', '--dry-run'], ['--enable-source-maps'], {})).toEqual(['--enable-source-maps', ...IMPORT_HEAP_FLAGS]);
  });

  it('runs every other command, a help text, the child itself and a heap chosen by hand in this process', () => {
    expect(importHeapArguments(['cards', 'show', '6064000000000000101'], [], {})).toBeNull();
    expect(importHeapArguments(['brands', 'import', 'brand.json'], [], {})).toBeNull();
    expect(importHeapArguments(['cards', 'import', '--help'], [], {})).toBeNull();
    expect(importHeapArguments(['cards', 'import', 'cards.csv'], [], { [IMPORT_HEAP_ENV]: '1' })).toBeNull();
    expect(importHeapArguments(['cards', 'import', 'cards.csv'], ['--max-old-space-size=512'], {})).toBeNull();
    expect(importHeapArguments(['cards', 'import', 'cards.csv'], [], { NODE_OPTIONS: '--max-semi-space-size=32' })).toBeNull();
  });
});
