import type { BrandAsset } from '../../db/repositories/brand-assets.js';
import type { OutgoingMessage } from '../message.js';

/** Escapes a value for HTML text and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface BrandColours {
  primary: string;
  primaryContrast: string;
  background: string;
  surface: string;
  text: string;
}

/** The web app's defaults (apps/web/src/styles/global.css). */
const DEFAULT_COLOURS: BrandColours = {
  primary: '#0b4f8a',
  primaryContrast: '#ffffff',
  background: '#eef2f6',
  surface: '#ffffff',
  text: '#1b2430',
};

const PROPERTIES: Record<keyof BrandColours, string> = {
  primary: '--brand-primary',
  primaryContrast: '--brand-primary-contrast',
  background: '--brand-background',
  surface: '--brand-surface',
  text: '--brand-text',
};

/**
 * A brand's colours, read from the custom properties of its stylesheet (`--brand-primary: #b42318;`),
 * the same ones the web app uses. Only hex colours are taken, so nothing from the stylesheet but a
 * colour can reach the e-mail's style attributes; anything else keeps the default.
 */
export function brandColours(customCss: string): BrandColours {
  const colours = { ...DEFAULT_COLOURS };
  for (const [key, property] of Object.entries(PROPERTIES) as [keyof BrandColours, string][]) {
    const match = new RegExp(`${property}\\s*:\\s*(#[0-9a-fA-F]{3,8})\\s*[;}]`).exec(customCss);
    if (match && [4, 7, 9].includes(match[1]!.length)) colours[key] = match[1]!.toLowerCase();
  }
  return colours;
}

const EXTENSIONS: Record<string, string> = {
  'image/svg+xml': 'svg',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** The brand's logo as an inline attachment, referenced from the HTML as cid:logo@tessera. */
export function logoAttachment(logo: BrandAsset): NonNullable<OutgoingMessage['attachments']>[number] {
  return {
    filename: `logo.${EXTENSIONS[logo.contentType] ?? 'img'}`,
    contentType: logo.contentType,
    cid: 'logo@tessera',
    contentBase64: logo.content.toString('base64'),
  };
}
