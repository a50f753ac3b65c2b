import type { Translations } from '@tessera/contracts';
import type { z } from 'zod';
import { DEFAULT_TRANSLATIONS } from '../translations/defaults.js';

/**
 * What a brand file is checked for beyond its shape: every text key is one Tessera has, and every
 * language the brand offers or writes texts for has texts. A typo ("balance__titel", "translation")
 * would otherwise import "fine" and change nothing on the page.
 */

export interface BrandFileProblem {
  path: string;
  message: string;
}

/** Text keys Tessera knows: those of its default texts (every default language has the same keys). */
export const KNOWN_TEXT_KEYS: ReadonlySet<string> = new Set(Object.values(DEFAULT_TRANSLATIONS).flatMap((texts) => Object.keys(texts)));

/** The one known name a typo most likely meant: same letters in another case, or at most 2 edits away. */
export function likelyMeant(name: string, known: Iterable<string>): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    if (candidate.toLowerCase() === name.toLowerCase()) return candidate;
    const distance = editDistance(name, candidate, 2);
    if (distance <= 2 && (!best || distance < best.distance)) best = { name: candidate, distance };
  }
  return best?.name;
}

/** Levenshtein distance, given up (answering limit + 1) once it is above `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      rowMin = Math.min(rowMin, current[j]!);
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}

const meant = (name: string, known: Iterable<string>) => {
  const guess = likelyMeant(name, known);
  return guess ? ` (did you mean "${guess}"?)` : '';
};

/** Zod's issues as "path: message" lines, an unknown key named by its own path with a likely meant one. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], knownKeysAt: (path: PropertyKey[]) => readonly string[]): BrandFileProblem[] {
  return issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        path: [...issue.path, key].join('.'),
        message: `unknown key${meant(key, knownKeysAt(issue.path))}`,
      }));
    }
    return [{ path: issue.path.join('.') || '(file)', message: issue.message }];
  });
}

interface TextsOfBrand {
  pageAvailability: { availableLanguages: string[] }[];
  translations: Record<string, Translations>;
}

/**
 * Unknown text keys are refused, with the key meant when it is a likely typo. A language the brand
 * offers or gives texts for must have texts: Tessera's own (nl, en) with the brand's overrides, or,
 * for another language, every text from the brand itself (the page would otherwise show keys).
 */
export function checkBrandTexts(brand: TextsOfBrand): BrandFileProblem[] {
  const problems: BrandFileProblem[] = [];
  for (const [language, texts] of Object.entries(brand.translations)) {
    const keys = Object.keys(texts);
    if (keys.length === 0) problems.push({ path: `translations.${language}`, message: 'no texts: leave the language out, or give its texts' });
    for (const key of keys) {
      if (!KNOWN_TEXT_KEYS.has(key)) problems.push({ path: `translations.${language}.${key}`, message: `unknown text key${meant(key, KNOWN_TEXT_KEYS)}` });
    }
  }
  const offered = new Set(brand.pageAvailability.flatMap((p) => p.availableLanguages));
  for (const language of new Set([...offered, ...Object.keys(brand.translations)])) {
    if (DEFAULT_TRANSLATIONS[language]) continue;
    const given = brand.translations[language] ?? {};
    const missing = [...KNOWN_TEXT_KEYS].filter((key) => !given[key]);
    if (missing.length === 0) continue;
    problems.push({
      path: `translations.${language}`,
      message:
        `Tessera has no texts in "${language}" (it has ${Object.keys(DEFAULT_TRANSLATIONS).join(' and ')}): ` +
        `a brand offering "${language}" gives all ${KNOWN_TEXT_KEYS.size} texts; ${missing.length} missing, first "${missing[0]}"`,
    });
  }
  return problems;
}
