import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/**
 * React Aria injects two small <style> elements at run time (usePress: touch-action on pressable
 * elements; usePreventScroll: overscroll containment while a modal is open on iOS). A strict CSP
 * without 'unsafe-inline' refuses them unless it lists their hashes (or a nonce, which would make
 * index.html differ per response). This plugin finds every such text in the built chunks, hashes
 * it as the browser will, and writes dist/csp.json for the server's Content-Security-Policy. A
 * style text it cannot compute (an unknown interpolation) fails the build rather than ship a CSP
 * that silently blocks it.
 */

/** The one interpolation React Aria uses in its style texts: usePress's attribute in its touch-action rule. */
const PRESSABLE_ATTRIBUTE = 'data-react-aria-pressable';

export function cspStyleHashes(): Plugin {
  return {
    name: 'tessera-admin-csp-style-hashes',
    apply: 'build',
    generateBundle(_, bundle) {
      const hashes = new Set<string>();
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        for (const match of item.code.matchAll(/textContent\s*=\s*`([^`]*)`(\.trim\(\))?/g)) {
          let text = match[1]!;
          if (text.trim() === '') continue;
          if (text.includes('${')) {
            const resolvable = text.includes('touch-action') && (text.match(/\$\{/g) ?? []).length === 1;
            if (!resolvable) this.error(`${item.fileName}: a <style> text with an interpolation this plugin cannot resolve: ${text.slice(0, 80)}`);
            text = text.replace(/\$\{[^}]+\}/, PRESSABLE_ATTRIBUTE);
          }
          if (match[2]) text = text.trim();
          hashes.add(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
        }
      }
      const styleSrc = ["'self'", ...[...hashes].sort()];
      this.emitFile({ type: 'asset', fileName: 'csp.json', source: JSON.stringify({ 'style-src': styleSrc }, null, 2) + '\n' });
    },
  };
}
