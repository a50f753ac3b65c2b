// npm run bench:web: Lighthouse 12 (mobile, simulated throttling) on each flow's first screen of
// both demo brands, against the built server in demo mode, offline, in Debian's Chromium.
// Prints per page the performance score, FCP, LCP, TBT, CLS, the bytes transferred (as served,
// compressed) and the first screen's JavaScript as served to a client that accepts brotli, each
// beside its target (README.md, "The first screen on a phone") with pass or fail. Missed targets do not fail the command; errors
// (no build, a server that does not start, a Lighthouse run that fails) do.
//   BENCH_WEB_RUNS      runs per page, the median is printed (default 3)
//   BENCH_WEB_PORT      the server's port (default 4302)
//   BENCH_WEB_NO_BUILD  set to skip `npm run build` (the build must then be current)
//   CHROME_PATH         the browser (default /usr/bin/chromium)
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { ROOT } from './lib/build.mjs';
import { lighthouseRun } from './lib/lighthouse-run.mjs';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const PORT = Number(process.env.BENCH_WEB_PORT ?? 4302);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const ORIGIN = `http://localhost:${PORT}`;

/** Each flow's first screen (packages/contracts/src/routes/<flow>.ts: `start`, VISA's `activate`). */
const PAGES = ['/demo/balance', '/acme/balance', '/demo/visa/activate', '/demo/payout', '/demo/replace', '/demo/reset', '/demo/identify'];

/** The first screen's targets (README.md, "The first screen on a phone"); `max` means the figure must be at or under it. */
const TARGETS = {
  performance: { min: 0.95, label: '≥ 0.95' },
  fcp: { label: '' },
  lcp: { max: 1500, label: '≤ 1.5 s' },
  tbt: { max: 150, label: '≤ 150 ms' },
  cls: { max: 0.05, label: '≤ 0.05' },
  transferred: { max: 150 * 1024, label: '≤ 150 KB' },
  js: { max: 90 * 1024, label: '≤ 90 KB' },
};

function build() {
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error('npm run build failed');
}

async function startServer(dataDir) {
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      PUBLIC_URL: ORIGIN,
      PIN_FRAME_URL: `http://127.0.0.1:${PORT}`,
      DATABASE_URL: `file:${path.join(dataDir, 'tessera.db')}`,
      CAPTCHA_PROVIDER: 'altcha',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${ORIGIN}/readyz`)).ok) return child;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not come up');
}

/** The bytes of an answer as they travel (not decoded), for a client that accepts brotli and gzip. */
function servedBytes(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url} answered ${res.statusCode}`))));
      })
      .on('error', reject);
  });
}

async function measure(port, url) {
  const lhr = await lighthouseRun(port, url);
  const audit = (id) => lhr.audits[id]?.numericValue;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script' && r.url.startsWith(ORIGIN));
  let js = 0;
  for (const script of scripts) js += await servedBytes(script.url);
  return {
    performance: lhr.categories.performance.score,
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    transferred: audit('total-byte-weight'),
    js,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const FORMAT = {
  performance: (v) => v.toFixed(2),
  fcp: (v) => `${(v / 1000).toFixed(1)} s`,
  lcp: (v) => `${(v / 1000).toFixed(1)} s`,
  tbt: (v) => `${Math.round(v)} ms`,
  cls: (v) => v.toFixed(3),
  transferred: (v) => `${(v / 1024).toFixed(1)} KB`,
  js: (v) => `${(v / 1024).toFixed(1)} KB`,
};

function cell(key, value) {
  const target = TARGETS[key];
  const text = FORMAT[key](value);
  if (target.min !== undefined) return `${text} ${value >= target.min ? 'pass' : 'FAIL'}`;
  if (target.max !== undefined) return `${text} ${value <= target.max ? 'pass' : 'FAIL'}`;
  return text;
}

const KEYS = Object.keys(TARGETS);
const HEAD = ['page', 'performance', 'FCP', 'LCP', 'TBT', 'CLS', 'transferred', 'JS (br)'];

async function main() {
  if (!process.env.BENCH_WEB_NO_BUILD) build();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-web-'));
  const server = await startServer(dataDir);
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  const rows = [];
  try {
    for (const page of PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(chrome.port, `${ORIGIN}${page}`));
      const row = Object.fromEntries(KEYS.map((key) => [key, median(runs.map((r) => r[key]))]));
      rows.push([page, ...KEYS.map((key) => cell(key, row[key]))]);
      console.error(`bench:web: ${page} done (${RUNS} run${RUNS === 1 ? '' : 's'})`);
    }
  } finally {
    await chrome.kill();
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  }
  const lines = [HEAD, HEAD.map(() => '---'), ['target', ...KEYS.map((key) => TARGETS[key].label)], ...rows];
  console.log(`\nLighthouse 12, mobile (simulated throttling), median of ${RUNS} run${RUNS === 1 ? '' : 's'} per page:\n`);
  for (const line of lines) console.log(`| ${line.join(' | ')} |`);
}

main().catch((error) => {
  console.error(`bench:web: ${error.message}`);
  process.exit(1);
});
