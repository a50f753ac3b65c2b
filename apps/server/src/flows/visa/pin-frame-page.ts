import { cspHash, escapeHtml, htmlPage } from '../../http/html-page.js';
import { PIN_FRAME_PIN_PATH } from './get-pin.js';

/**
 * The PIN frame page (docs/product/visa.md#pin): a tiny self-contained page on the PIN frame's own
 * origin. Its script and style are fixed texts allowed by their hashes in the page's CSP (no
 * 'unsafe-inline'); the portal's origin travels in a data attribute (escaped).
 *
 * The script reads the one-time key from its address (and removes it from the address bar), then
 * waits. Only a message from the parent window whose origin is exactly the portal's, of the form
 * {operation: 'view-pin', controlId}, makes it spend the key (POST /pin-frame/pin, its own origin,
 * with the frame-session cookie the page came with: frame-session.ts) and show the PIN; once per page. {operation: 'hide-pin'} shows the four asterisks again. It
 * answers the parent, to the portal's origin only, {operation: 'pin-shown' | 'pin-error',
 * controlId}, so the portal can show its error text.
 */
export const PIN_FRAME_SCRIPT = `(function () {
  'use strict';
  var portal = document.body.getAttribute('data-portal-origin');
  var key = new URLSearchParams(window.location.search).get('key');
  try { window.history.replaceState(null, '', window.location.pathname); } catch (e) { /* keep going */ }
  var out = document.getElementById('pin');
  var hidden = out.textContent;
  var spent = false;
  function tell(operation, controlId) {
    if (window.parent !== window) window.parent.postMessage({ operation: operation, controlId: controlId }, portal);
  }
  window.addEventListener('message', function (event) {
    if (event.origin !== portal || event.source !== window.parent) return;
    var data = event.data;
    if (!data || typeof data !== 'object') return;
    if (data.operation === 'hide-pin') { out.textContent = hidden; return; }
    if (data.operation !== 'view-pin' || typeof data.controlId !== 'string' || !key || spent) return;
    spent = true;
    var controlId = data.controlId;
    var body = JSON.stringify({ key: key, controlId: controlId });
    key = null;
    window.fetch(${JSON.stringify(PIN_FRAME_PIN_PATH)}, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body,
      // The frame session's cookie, set when this page was served: the read needs it.
      credentials: 'same-origin',
      cache: 'no-store',
      referrerPolicy: 'no-referrer'
    }).then(function (response) {
      if (!response.ok) throw new Error('refused');
      return response.json();
    }).then(function (answer) {
      if (typeof answer.pin !== 'string') throw new Error('no pin');
      out.textContent = answer.pin;
      tell('pin-shown', controlId);
    }).catch(function () {
      tell('pin-error', controlId);
    });
  });
})();`;

export const PIN_FRAME_STYLE =
  'html,body{margin:0;padding:0;background:transparent;overflow:hidden}' +
  '#pin{display:block;font:600 24px/40px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;letter-spacing:.35em;color:#1a1a1a;text-align:center}';

export const PIN_FRAME_SCRIPT_HASH = cspHash(PIN_FRAME_SCRIPT);
export const PIN_FRAME_STYLE_HASH = cspHash(PIN_FRAME_STYLE);

/** The languages the frame page can be in: the portal's (its ?lang=), English otherwise. */
export const PIN_FRAME_LANGUAGES = ['en', 'nl'] as const;
export type PinFrameLanguage = (typeof PIN_FRAME_LANGUAGES)[number];

export function pinFramePage(portalOrigin: string, lang: PinFrameLanguage = 'en'): string {
  return htmlPage({
    lang,
    title: 'PIN',
    style: PIN_FRAME_STYLE,
    bodyAttributes: `data-portal-origin="${escapeHtml(portalOrigin)}"`,
    body: `<output id="pin" aria-live="polite">****</output>
<script>${PIN_FRAME_SCRIPT}</script>`,
  });
}

/** The page's own policy: nothing but its hashed script and style, its own origin, framed by the portal alone. */
export function pinFrameCsp(portalOrigin: string): string {
  return [
    "default-src 'none'",
    `script-src ${PIN_FRAME_SCRIPT_HASH}`,
    `style-src ${PIN_FRAME_STYLE_HASH}`,
    "connect-src 'self'",
    `frame-ancestors ${portalOrigin}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}
