import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadBrandFile } from '../../brand-file.js';
import { importBrand } from '../../import-brand.js';
import { OperatorError } from '../../operator-error.js';
import { EXIT, UsageError } from '../context.js';
import type { CommandSpec } from './types.js';

export const brandImport: CommandSpec = {
  name: 'brand import',
  summary: 'create or update a brand from a brand JSON file',
  help: `Usage: tessera brand import FILE

Creates the brand that FILE describes, or updates the brand with the same code: texts, styling,
page availability, payout fee, replacement minimum, terms links, embed origins, images and
custom CSS. Image and stylesheet paths in the file are relative to the file. Everything is
written in one transaction; importing the same file twice changes nothing.
The file format is described in docs/operations.md; the demo brands
(apps/server/src/demo/brands/*/brand.json) are examples.

Options:
  -h, --help   show this help`,
  options: {},
  check({ positionals }) {
    if (positionals.length === 0) throw new UsageError('brand import needs the brand file: tessera brand import FILE');
    if (positionals.length > 1) throw new UsageError('brand import takes one file');
  },
  async run(ctx, { positionals }) {
    const file = path.resolve(ctx.io.cwd, positionals[0]!);
    if (!existsSync(file) || !statSync(file).isFile()) throw new OperatorError(`No such file: ${file}`);
    const loaded = await loadBrandFile(file);
    const result = await importBrand(ctx.db, loaded, ctx.now(), path.basename(file));
    const label = `brand ${result.code} (slug ${result.slug}, "${result.name}")`;
    if (result.action === 'created') ctx.io.out(`Created ${label}.`);
    else if (result.action === 'updated') ctx.io.out(`Updated ${label}: changed ${result.changes.join(', ')}.`);
    else ctx.io.out(`Unchanged ${label}: the database already holds this file.`);
    ctx.io.out(`  flows offered: ${result.availableFlows.join(', ') || 'none'}`);
    ctx.io.out(`  images: ${result.assets.join(', ') || 'none'}; custom CSS: ${result.customCssBytes} bytes; translation overrides: ${result.translationCount}`);
    return EXIT.ok;
  },
};
