// What each library costs in the built app: every chunk's code attributed, through its source map,
// to the package (or the app's own source) it came from, then each package's code compressed on
// its own. Compressing parts apart overstates each a little against the whole; the totals per
// chunk are exact. Run after `npm run build -w apps/admin`: node apps/admin/scripts/bundle-cost.mjs
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';

const dist = path.join(import.meta.dirname, '../dist');
const assets = path.join(dist, 'assets');
const brotli = (text) => brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const gzip = (text) => gzipSync(text, { level: 9 }).length;

/** The package a source path belongs to (`@scope/name` or `name`), else the app's own code. */
function packageOf(source) {
  const at = source.lastIndexOf('node_modules/');
  if (at === -1) return source.includes('packages/contracts/') ? '@tessera/contracts' : 'apps/admin (own code)';
  const [first, second] = source.slice(at + 'node_modules/'.length).split('/');
  return first.startsWith('@') ? `${first}/${second}` : first;
}

/** Families of packages reported together, as one chooses them. */
function familyOf(name) {
  if (/^(react-aria-components|react-aria|react-stately|@react-aria\/|@react-stately\/|@react-types\/|@internationalized\/|@swc\/helpers|client-only)/.test(name)) return 'React Aria Components';
  if (name === 'react' || name === 'react-dom' || name === 'scheduler') return 'React + react-dom';
  if (name.startsWith('@tanstack/')) return 'TanStack Query';
  if (name === 'react-hook-form') return 'react-hook-form';
  if (name.startsWith('@hookform/') || name.startsWith('@standard-schema/')) return '@hookform/resolvers';
  if (name === 'zod') return 'zod';
  if (name === 'wouter' || name === 'regexparam' || name === 'mitt') return 'wouter';
  return name;
}

const initial = new Set();
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
for (const [, file] of html.matchAll(/(?:src|href)="\/admin\/assets\/([^"]+\.js)"/g)) initial.add(file);

const perFamily = new Map();
const chunks = [];
for (const file of readdirSync(assets).filter((name) => name.endsWith('.js'))) {
  const code = readFileSync(path.join(assets, file), 'utf8');
  const mapFile = path.join(assets, `${file}.map`);
  const lines = code.split('\n');
  const pieces = [];
  // The bundler's own runtime has no map: all of it is glue.
  if (existsSync(mapFile)) new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8'))).eachMapping((m) => pieces.push(m));
  else pieces.push({ generatedLine: 1, generatedColumn: 0, source: null });
  pieces.sort((a, b) => a.generatedLine - b.generatedLine || a.generatedColumn - b.generatedColumn);
  pieces.forEach((piece, index) => {
    const next = pieces[index + 1];
    const line = lines[piece.generatedLine - 1] ?? '';
    const end = next && next.generatedLine === piece.generatedLine ? next.generatedColumn : line.length;
    const family = piece.source ? familyOf(packageOf(piece.source)) : 'bundler glue';
    const entry = perFamily.get(family) ?? { initial: '', lazy: '' };
    entry[initial.has(file) ? 'initial' : 'lazy'] += line.slice(piece.generatedColumn, end);
    perFamily.set(family, entry);
  });
  chunks.push({ file, raw: code.length, gzip: gzip(code), brotli: brotli(code), initial: initial.has(file) });
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
console.log('Chunks (KB raw / gzip -9 / brotli 11):');
for (const c of chunks.sort((a, b) => b.raw - a.raw)) console.log(`  ${c.initial ? 'initial' : 'lazy   '} ${c.file.padEnd(36)} ${kb(c.raw).padStart(7)} ${kb(c.gzip).padStart(6)} ${kb(c.brotli).padStart(6)}`);
const sum = (list, key) => list.reduce((total, c) => total + c[key], 0);
const first = chunks.filter((c) => c.initial);
console.log(`Initial JS: ${kb(sum(first, 'raw'))} KB raw, ${kb(sum(first, 'gzip'))} KB gzip, ${kb(sum(first, 'brotli'))} KB brotli (${first.length} files)`);
console.log(`All JS:     ${kb(sum(chunks, 'raw'))} KB raw, ${kb(sum(chunks, 'gzip'))} KB gzip, ${kb(sum(chunks, 'brotli'))} KB brotli`);
console.log('\nPer library, its code compressed on its own (KB gzip / brotli), initial load + lazy pages:');
for (const [family, { initial: a, lazy: b }] of [...perFamily].sort((x, y) => y[1].initial.length + y[1].lazy.length - x[1].initial.length - x[1].lazy.length)) {
  console.log(`  ${family.padEnd(24)} initial ${kb(a ? gzip(a) : 0).padStart(6)} / ${kb(a ? brotli(a) : 0).padStart(6)}   lazy ${kb(b ? gzip(b) : 0).padStart(6)} / ${kb(b ? brotli(b) : 0).padStart(6)}`);
}
