/**
 * The contrast of a brand's colours, as its stylesheet sets them: the web app draws text, buttons
 * and links from these custom properties, so a pair below WCAG's 4.5:1 makes pages some
 * cardholders cannot read. A warning, not a refusal: the operator may be importing a brand whose
 * own stylesheet overrides the components too, and only the brand can fix its colours.
 */

/** The portal's own colours (apps/web/src/styles/global.css, :root), used where the brand sets none. */
export const PORTAL_COLOURS = {
  '--brand-primary': '#0b4f8a',
  '--brand-primary-contrast': '#ffffff',
  '--brand-background': '#eef2f6',
  '--brand-surface': '#ffffff',
  '--brand-text': '#1b2430',
} as const;

type ColourName = keyof typeof PORTAL_COLOURS;

/** The pairs the web app puts on top of each other: [foreground, background, where]. */
const PAIRS: readonly [ColourName, ColourName, string][] = [
  ['--brand-text', '--brand-background', 'text on the page background'],
  ['--brand-text', '--brand-surface', 'text on the form panels'],
  ['--brand-primary-contrast', '--brand-primary', 'button labels on primary buttons'],
  ['--brand-primary', '--brand-surface', 'links and secondary buttons on the form panels'],
];

export const MINIMUM_CONTRAST = 4.5;

export interface ContrastWarning {
  foreground: string;
  background: string;
  where: string;
  ratio: number;
}

/** The custom properties a stylesheet sets to a plain colour (#rgb, #rrggbb, rgb()); the last one wins. */
export function declaredColours(css: string): Partial<Record<ColourName, [number, number, number]>> {
  const found: Partial<Record<ColourName, [number, number, number]>> = {};
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const match of withoutComments.matchAll(/(--brand-[a-z-]+)\s*:\s*([^;}]+)/gi)) {
    const name = match[1]!.toLowerCase();
    if (!(name in PORTAL_COLOURS)) continue;
    const rgb = parseColour(match[2]!.trim());
    if (rgb) found[name as ColourName] = rgb;
  }
  return found;
}

function parseColour(value: string): [number, number, number] | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value);
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join('') : hex[1]!;
    return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
  }
  const rgb = /^rgb\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})\s*\)$/i.exec(value);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])].map((c) => Math.min(255, c)) as [number, number, number];
  return undefined;
}

/** WCAG 2.x relative luminance and contrast ratio. */
export function contrastRatio(a: [number, number, number], b: [number, number, number]): number {
  const luminance = ([r, g, bl]: [number, number, number]) => {
    const [lr, lg, lb] = [r, g, bl].map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Every pair below 4.5:1 with the brand's colours (the portal's where the brand sets none). */
export function contrastWarnings(css: string): ContrastWarning[] {
  const declared = declaredColours(css);
  const colour = (name: ColourName) => declared[name] ?? parseColour(PORTAL_COLOURS[name])!;
  const hex = (rgb: [number, number, number]) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  return PAIRS.flatMap(([fg, bg, where]) => {
    const ratio = contrastRatio(colour(fg), colour(bg));
    return ratio < MINIMUM_CONTRAST ? [{ foreground: `${fg} ${hex(colour(fg))}`, background: `${bg} ${hex(colour(bg))}`, where, ratio: Math.floor(ratio * 100) / 100 }] : [];
  });
}
