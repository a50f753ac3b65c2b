import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { findBrandByCode } from '../../src/db/repositories/brands.js';
import { appRoot } from '../../src/resources.js';
import type { CliResult, CliTest } from './support.js';

/** A demo brand's folder (brand.json, its images and stylesheet). */
export const demoBrandDir = (slug: string) => path.join(appRoot, 'demo', 'brands', slug);

/** The demo's ACME brand.json, the base the brand file tests change. */
export const acmeJson = JSON.parse(readFileSync(path.join(demoBrandDir('acme'), 'brand.json'), 'utf8')) as Record<string, unknown>;

/** Writes a brand folder like the demo's (acme's images and stylesheet, or `css` instead) with this brand.json; answers its path. */
export function writeBrand(c: CliTest, folder: string, brand: Record<string, unknown>, css?: string): string {
  for (const asset of ['logo.svg', 'header.svg', 'poster.svg', 'email-logo.png', 'custom.css']) {
    c.file(`${folder}/${asset}`, readFileSync(path.join(demoBrandDir('acme'), asset)));
  }
  if (css !== undefined) c.file(`${folder}/custom.css`, css);
  return c.file(`${folder}/brand.json`, JSON.stringify(brand, null, 2));
}

/** The import failed, its errors name each of `problems`, and no brand `code` was stored. */
export async function expectNotImported(c: CliTest, res: CliResult, code: string, problems: string[]): Promise<void> {
  expect(res.code).toBe(1);
  for (const problem of problems) expect(res.stderr).toContain(problem);
  expect(await findBrandByCode(c.t.db, code)).toBeUndefined();
}
