import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { coreTexts } from '../src/lib/i18nCore';
import { homeTexts } from '../src/app/homeTexts';
import { PASSCODE_TEXT_SUFFIXES } from '../src/components/PasscodeChoice/PasscodeChoice';
import { texts } from './utils';

// __dirname: vitest's jsdom environment gives import.meta.url an http scheme.
const srcDir = path.join(__dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

/** Every literal key the app passes to t(), plus the keys built from tables. */
function usedKeys(): Set<string> {
  const keys = new Set<string>();
  const prefixes = new Set<string>();
  for (const file of sourceFiles(srcDir)) {
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(/['"`]((?:generic|shell|card|button|captcha|balance|home|otc|reset|replace|scanner)__[A-Za-z0-9_]+)['"`]/g)) keys.add(match[1]!);
    // PasscodeChoice builds its keys from the prefix a flow passes.
    for (const match of code.matchAll(/keyPrefix=["']([A-Za-z0-9_]+)["']/g)) {
      for (const suffix of PASSCODE_TEXT_SUFFIXES) keys.add(`${match[1]}_${suffix}`);
      prefixes.add(match[1]!);
    }
  }
  for (const prefix of prefixes) keys.delete(prefix);
  // The VISA activate screen builds its five explainer blocks' keys from their number.
  for (let n = 1; n <= 5; n++) keys.add(`visa__activate_info_${n}_title`).add(`visa__activate_info_${n}_text`);
  return keys;
}

describe('default translations', () => {
  it('nl and en have the same keys and no empty texts', () => {
    expect(Object.keys(texts.nl).sort()).toEqual(Object.keys(texts.en).sort());
    for (const [lng, dict] of Object.entries(texts)) {
      for (const [key, value] of Object.entries(dict)) expect(value.trim(), `${lng}:${key}`).not.toBe('');
    }
  });

  it('cover every key the web app uses', () => {
    const missing = [...usedKeys()].filter((key) => !(key in texts.en) || !(key in texts.nl));
    expect(missing).toEqual([]);
  });

  it('use the same interpolations in both languages', () => {
    const vars = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(texts.en) as Array<keyof typeof texts.en>) {
      expect(vars(texts.nl[key]), key).toEqual(vars(texts.en[key]));
    }
  });

  it('bundle the same core and home page texts as the defaults', () => {
    for (const lng of ['nl', 'en'] as const) {
      expect(Object.keys(homeTexts[lng]!).length).toBeGreaterThan(0);
      for (const [key, value] of Object.entries({ ...coreTexts[lng]!, ...homeTexts[lng]! })) {
        expect(value, `${lng}:${key}`).toBe((texts[lng] as Record<string, string>)[key]);
      }
    }
  });
});
