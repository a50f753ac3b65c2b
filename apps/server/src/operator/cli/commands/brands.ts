import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { brandFileJsonSchema, loadBrandFile } from '../../brand-file.js';
import { exportBrand } from '../../export-brand.js';
import { importBrand, type ImportBrandResult } from '../../import-brand.js';
import { listBrands } from '../../list-brands.js';
import { OperatorError } from '../../operator-error.js';
import { EXIT, UsageError } from '../context.js';
import { noArguments } from '../id-argument.js';
import { printListing } from '../table.js';
import type { CommandSpec } from './types.js';

export const brandsList: CommandSpec = {
  name: 'brands list',
  summary: 'list the brands: code, slug, name, flows offered, languages, cards',
  help: `Usage: tessera brands list [--json]

Lists every brand, by slug: its code, slug, name, the flows it offers with their languages, and
how many cards it has.

Options:
  --json       print the list as JSON
  -h, --help   show this help`,
  options: { json: { type: 'boolean' } },
  check: noArguments('brands list'),
  async run(ctx, { values }) {
    const brands = await listBrands(ctx.db);
    printListing(ctx.io, brands, {
      json: values.json,
      none: 'No brands. Import one with "tessera brands import FILE".',
      header: ['CODE', 'SLUG', 'NAME', 'FLOWS (LANGUAGES)', 'CARDS'],
      row: (b) => [b.code, b.slug, b.name, b.flows.map((f) => `${f.code} (${f.languages.join(',') || '-'})`).join(', ') || 'none', String(b.cards)],
      right: [4],
    });
    return EXIT.ok;
  },
};

export const brandsExport: CommandSpec = {
  name: 'brands export',
  summary: 'write a brand as a brand file with its images and stylesheet',
  help: `Usage: tessera brands export CODE --out DIR

Writes the brand with this code into DIR as brand.json, its images (logo, header, poster,
e-mail logo) and custom.css: the folder "tessera brands import DIR/brand.json" reads, and
importing it again changes nothing. DIR is created when missing; a DIR that already holds a
brand.json is refused.

Options:
  --out DIR    the folder to write into (required)
  -h, --help   show this help`,
  options: { out: { type: 'string' } },
  check({ positionals, values }) {
    if (positionals.length !== 1) throw new UsageError('brands export needs one brand code: tessera brands export CODE --out DIR');
    if (typeof values.out !== 'string' || values.out === '') throw new UsageError('brands export needs --out DIR');
  },
  async run(ctx, { positionals, values }) {
    const result = await exportBrand(ctx.db, positionals[0]!, path.resolve(ctx.io.cwd, values.out as string));
    ctx.io.out(`Exported brand ${result.code} to ${result.file}`);
    ctx.io.out(`  with ${result.files.join(', ') || 'no images or stylesheet'}`);
    return EXIT.ok;
  },
};

const importHelp = (name: string) => `Usage: tessera ${name} FILE [--dry-run]

Creates the brand that FILE describes, or updates the brand with the same code: texts, styling,
page availability, payout fee, replacement minimum, terms links, embed origins, images and
custom CSS. Image and stylesheet paths in the file are relative to the file. Everything is
written in one transaction; importing the same file twice changes nothing.

The file is checked strictly: an unknown key anywhere, an unknown text key and a language
without texts are refused with their place in the file; so are an SVG image or a stylesheet
that could run script or load anything from elsewhere, with the reasons; colours in the
stylesheet that contrast below 4.5:1 are warned about. The format: docs/brand-file.schema.json ("tessera brands schema"),
docs/operations.md; the demo brands (apps/server/src/demo/brands/*/brand.json) are examples.

Options:
  --dry-run    check the file and print what the import would change; write nothing
  -h, --help   show this help`;

function importCommand(name: string, summary: string): CommandSpec {
  return {
    name,
    summary,
    help: importHelp(name),
    options: { 'dry-run': { type: 'boolean' } },
    check({ positionals }) {
      if (positionals.length === 0) throw new UsageError(`${name} needs the brand file: tessera ${name} FILE`);
      if (positionals.length > 1) throw new UsageError(`${name} takes one file`);
    },
    async run(ctx, { positionals, values }) {
      const file = path.resolve(ctx.io.cwd, positionals[0]!);
      if (!existsSync(file) || !statSync(file).isFile()) throw new OperatorError(`No such file: ${file}`);
      const loaded = await loadBrandFile(file);
      for (const warning of loaded.warnings) ctx.io.err(`warning: ${warning}`);
      const result = await importBrand(ctx.db, loaded, ctx.now(), { source: path.basename(file), by: ctx.operator, dryRun: values['dry-run'] === true });
      for (const line of describeImport(result)) ctx.io.out(line);
      return EXIT.ok;
    },
  };
}

function describeImport(result: ImportBrandResult): string[] {
  const label = `brand ${result.code} (slug ${result.slug}, "${result.name}")`;
  const would = result.dryRun ? 'Dry run, nothing written: would ' : '';
  const headline =
    result.action === 'created'
      ? `${would ? `${would}create` : 'Created'} ${label}.`
      : result.action === 'updated'
        ? `${would ? `${would}update` : 'Updated'} ${label}: ${would ? 'change' : 'changed'} ${result.changes.join(', ')}.`
        : `${would ? `${would}change nothing in` : 'Unchanged'} ${label}${would ? '' : ': the database already holds this file'}.`;
  return [
    headline,
    `  flows offered: ${result.availableFlows.join(', ') || 'none'}`,
    `  images: ${result.assets.join(', ') || 'none'}; custom CSS: ${result.customCssBytes} bytes; translation overrides: ${result.translationCount}`,
  ];
}

export const brandsImport = importCommand('brands import', 'create or update a brand from a brand JSON file');
/** The name the command had before the brands group existed; scripts may still call it. */
export const brandImport = importCommand('brand import', 'the same as "brands import"');

export const brandsSchema: CommandSpec = {
  name: 'brands schema',
  summary: 'print the JSON Schema of brand files',
  help: `Usage: tessera brands schema

Prints the JSON Schema of brand files (draft 2020-12), generated from the checks "brands import"
applies, for editors and CI of brand repositories. The repository keeps a copy in
docs/brand-file.schema.json (a test fails when it is stale). Text keys and languages are checked
by the import only.

Options:
  -h, --help   show this help`,
  options: {},
  check: noArguments('brands schema'),
  run() {
    throw new Error('brands schema needs no database');
  },
  withoutDatabase(io) {
    io.out(JSON.stringify(brandFileJsonSchema(), null, 2));
    return Promise.resolve(EXIT.ok);
  },
};

