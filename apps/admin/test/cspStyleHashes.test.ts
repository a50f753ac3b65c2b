import { describe, expect, it } from 'vitest';
import { cspStyleHashes } from '../cspStyleHashes';

/** Runs the plugin's generateBundle over chunks of `code`; answers the csp.json it emits, or throws its error. */
function run(...codes: string[]) {
  const emitted: { fileName: string; source: string }[] = [];
  const plugin = cspStyleHashes();
  const bundle = Object.fromEntries(codes.map((code, index) => [`c${index}.js`, { type: 'chunk', fileName: `c${index}.js`, code }]));
  const context = {
    emitFile: (file: { fileName: string; source: string }) => emitted.push(file),
    error: (message: string) => {
      throw new Error(message);
    },
  };
  (plugin.generateBundle as unknown as (this: typeof context, options: unknown, bundle: unknown) => void).call(context, {}, bundle);
  return JSON.parse(emitted.find((file) => file.fileName === 'csp.json')!.source) as { 'style-src': string[] };
}

describe('the CSP hashes of the styles React Aria injects', () => {
  it('hashes usePress’s style as Chromium does (its attribute filled in, trimmed)', () => {
    const code = 'let t=document.createElement(`style`);t.textContent=`\n@layer {\n  [${Ii}] {\n    touch-action: pan-x pan-y pinch-zoom;\n  }\n}\n`.trim();';
    // The hash Chromium named when a CSP without it refused the style (React Aria Components 1.22).
    expect(run(code)['style-src']).toEqual(["'self'", "'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='"]);
  });

  it('ignores empty style texts and fails on one it cannot compute', () => {
    expect(run('e.textContent=``')['style-src']).toEqual(["'self'"]);
    expect(() => run('e.textContent=`.x{color:${c}}`')).toThrow(/cannot resolve/);
  });
});
