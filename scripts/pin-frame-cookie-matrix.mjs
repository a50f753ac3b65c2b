// Which cookie does Chromium keep for a framed page, and send back on that frame's own fetch?
// The measurement behind docs/decisions/017 (the PIN frame's session cookie): a top page on one
// host frames a page on another; the framed page sets a cookie with one set of attributes and
// then fetches a path of its own origin, which answers the Cookie header it received.
//
//   node scripts/pin-frame-cookie-matrix.mjs        (ports 8391 and 8392; PORT=… to move them)
//
// Needs Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH) and openssl (a throwaway
// certificate for the https cases). *.example.com and *.example.net are mapped to 127.0.0.1.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const require = createRequire(new URL('../e2e/package.json', import.meta.url));
const { chromium } = require('@playwright/test');

const VARIANTS = {
  strict: 'SameSite=Strict',
  strictSecure: 'SameSite=Strict; Secure',
  lax: 'SameSite=Lax',
  none: 'SameSite=None',
  noneSecure: 'SameSite=None; Secure',
  noneSecurePartitioned: 'SameSite=None; Secure; Partitioned',
  unspecified: '',
};

function handler(req, res) {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname === '/top') {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><iframe id="f" src="${url.searchParams.get('src')}"></iframe>`);
  } else if (url.pathname === '/pin-frame') {
    const v = url.searchParams.get('v') ?? '';
    const attributes = VARIANTS[v];
    res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': `fs_${v}=1; Path=/pin-frame; HttpOnly${attributes ? `; ${attributes}` : ''}` });
    res.end(`<!doctype html><pre id="out"></pre><script>
fetch('/pin-frame/pin', { method: 'POST', credentials: 'same-origin', body: '{}' })
  .then((r) => r.text()).then((t) => { document.getElementById('out').textContent = 'cookie=' + t; });
</script>`);
  } else if (url.pathname === '/pin-frame/pin') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(req.headers.cookie ?? '(none)');
  } else {
    res.writeHead(404);
    res.end();
  }
}

const HTTP = Number(process.env.PORT ?? 8391);
const HTTPS = HTTP + 1;
const dir = mkdtempSync(path.join(tmpdir(), 'cookie-matrix-'));
execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=example'], { stdio: 'ignore' });
const plain = http.createServer(handler).listen(HTTP);
const secure = https.createServer({ key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) }, handler).listen(HTTPS);

const SCENARIOS = [
  ['cross-site, the embedded demo (http://localhost frames http://127.0.0.1)', `http://localhost:${HTTP}`, `http://127.0.0.1:${HTTP}`],
  ['same site over http (cards.example.com frames pin.cards.example.com)', `http://cards.example.com:${HTTP}`, `http://pin.cards.example.com:${HTTP}`],
  ['same site over https (cards.example.com frames pin.cards.example.com)', `https://cards.example.com:${HTTPS}`, `https://pin.cards.example.com:${HTTPS}`],
  ['cross-site over https (cards.example.com frames pin.example.net)', `https://cards.example.com:${HTTPS}`, `https://pin.example.net:${HTTPS}`],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP *.example.com 127.0.0.1, MAP *.example.net 127.0.0.1'],
});
try {
  console.log(`Chromium ${browser.version()}`);
  for (const [name, top, frame] of SCENARIOS) {
    console.log(`\n${name}`);
    for (const [v, attributes] of Object.entries(VARIANTS)) {
      const context = await browser.newContext({ ignoreHTTPSErrors: true });
      const page = await context.newPage();
      await page.goto(`${top}/top?src=${encodeURIComponent(`${frame}/pin-frame?v=${v}`)}`);
      const out = page.frameLocator('#f').locator('#out');
      await out.filter({ hasText: 'cookie=' }).waitFor({ timeout: 5000 });
      const sent = (await out.textContent())?.replace('cookie=', '');
      const kept = (await context.cookies()).some((c) => c.name === `fs_${v}`);
      console.log(`  ${(attributes || '(no SameSite)').padEnd(36)} kept: ${kept ? 'yes' : 'no '}  sent back: ${sent === '(none)' ? 'no' : 'yes'}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  plain.close();
  secure.close();
  rmSync(dir, { recursive: true, force: true });
}
