import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * The widths WCAG 1.4.10 (reflow) asks for: 320 CSS px, and 200 % zoom of the desktop project's
 * 1280 × 900 window, emulated as a 640 × 450 CSS px viewport (the same layout a 200 % zoom gives;
 * the device scale factor changes only the pixel density, not the CSS layout).
 */
export const REFLOW_VIEWPORTS = [
  { name: '320 px', width: 320, height: 640 },
  { name: '200 % zoom', width: 640, height: 450 },
] as const;

export interface ReflowViewport {
  name: string;
  width: number;
  height: number;
}

/**
 * The same two widths in a desktop browser as a person zooms it (tests/reflow-zoom.spec.ts):
 * 320 px, and a 1280 × 720 window at 200 %, which is 640 × 360 CSS px of 2 device px each. Its
 * context has no touch, a device scale factor of 2 and classic scrollbars, which take their
 * width from the page's.
 */
export const ZOOM_VIEWPORTS: readonly ReflowViewport[] = [
  { name: '320 px', width: 320, height: 640 },
  { name: '200 % zoom of 1280 × 720', width: 640, height: 360 },
];

/**
 * What does not reflow on the page as it is now: a page that scrolls sideways, text clipped by a
 * box that hides its overflow (the masked card number was), a card number field too narrow for
 * its placeholder, an open tooltip outside the viewport.
 */
export async function reflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`the page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${Array.from(element.classList).join('.')} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      // Visually hidden texts are 1 px boxes by design; form controls scroll their own text.
      if (element.offsetWidth <= 1 || element.closest('.visually-hidden')) continue;
      // The bot check's own widget draws its checkbox's ring outside its 24 px box, by design.
      if (element.closest('altcha-widget')) continue;
      if (['INPUT', 'TEXTAREA', 'SELECT', 'IFRAME', 'ALTCHA-WIDGET', 'svg'].includes(element.tagName)) continue;
      const clips = ['hidden', 'clip'].includes(style.overflowX);
      if (clips && element.scrollWidth > element.clientWidth + 1 && element.textContent?.trim()) {
        problems.push(`clipped: ${describe(element)} (${element.scrollWidth} > ${element.clientWidth})`);
      }
      // A data table may scroll sideways inside a region of its own that a keyboard reaches and a
      // screen reader names (WCAG 1.4.10 exempts content that needs two dimensions): the back office's.
      const scrollsItself = ['auto', 'scroll'].includes(style.overflowX) && element.getAttribute('role') === 'region' && element.tabIndex >= 0 && element.hasAttribute('aria-label');
      // Content wider than the box it is in, shown beyond it (a table wider than the panel).
      if (!clips && !scrollsItself && element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0 && ['TABLE', 'DIV', 'MAIN', 'SECTION', 'FORM', 'DL'].includes(element.tagName)) {
        problems.push(`overflows its box: ${describe(element)} (${element.scrollWidth} > ${element.clientWidth})`);
      }
      const box = element.getBoundingClientRect();
      if (element.getAttribute('role') === 'tooltip' && (box.left < 0 || box.right > root.clientWidth)) {
        problems.push(`tooltip outside the viewport: ${describe(element)} (${Math.round(box.left)}..${Math.round(box.right)})`);
      }
    }
    // The card number must show whole: the placeholder's 23 characters fit in the field.
    const canvas = document.createElement('canvas').getContext('2d')!;
    for (const input of Array.from(document.querySelectorAll<HTMLInputElement>('input[placeholder="0000 0000 0000 0000 000"]'))) {
      const style = getComputedStyle(input);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const letterSpacing = parseFloat(style.letterSpacing) || 0;
      const text = input.value || input.placeholder;
      const needed = canvas.measureText(text).width + letterSpacing * text.length;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (needed > room + 1) problems.push(`the card number field shows ${Math.floor((room / needed) * text.length)} of ${text.length} characters (${Math.round(room)} px for ${Math.round(needed)} px)`);
    }
    return problems;
  });
}

/**
 * The figures given (an amount, the masked card number) that do not show whole: a character of
 * theirs outside the window's width, or outside a box of theirs that hides its overflow.
 */
export async function figuresCut(figures: readonly Locator[]): Promise<string[]> {
  const cut: string[] = [];
  for (const figure of figures) {
    const problem = await figure.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
      if (rects.length === 0) return 'not shown';
      const bounds = [{ left: 0, right: document.documentElement.clientWidth }];
      for (let box: Element | null = element; box; box = box.parentElement) {
        if (['hidden', 'clip'].includes(getComputedStyle(box).overflowX)) bounds.push(box.getBoundingClientRect());
      }
      const outside = rects.find((r) => bounds.some((b) => r.left < b.left - 0.5 || r.right > b.right + 0.5));
      return outside ? `${Math.round(outside.left)}..${Math.round(outside.right)} px` : null;
    });
    if (problem) cut.push(`${(await figure.textContent())?.trim() ?? ''}: ${problem}`);
  }
  return cut;
}

/**
 * Checks the page at each reflow width and puts the viewport back: nothing scrolls sideways,
 * nothing is clipped, and each of the figures given shows whole.
 */
export async function expectReflow(page: Page, figures: readonly Locator[] = [], viewports: readonly ReflowViewport[] = REFLOW_VIEWPORTS): Promise<void> {
  const original = page.viewportSize();
  try {
    for (const viewport of viewports) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const where = `at ${viewport.name} on ${new URL(page.url()).pathname} (${await page.locator('html').getAttribute('lang')})`;
      await expect.poll(() => reflowProblems(page), { message: `reflow ${where}`, timeout: 2_000 }).toEqual([]);
      expect(await figuresCut(figures), `figures cut ${where}`).toEqual([]);
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
}

/**
 * The screen at each reflow width in Dutch and then in English, switched with the language select
 * (the flow's state kept: no page load): it ends in English.
 */
export async function expectReflowInBothLanguages(
  page: Page,
  figures: (lang: 'nl' | 'en') => Locator[] = () => [],
  viewports: readonly ReflowViewport[] = REFLOW_VIEWPORTS,
): Promise<void> {
  for (const lang of ['nl', 'en'] as const) {
    await page.getByRole('combobox', { name: /^(Taal|Language)$/ }).selectOption(lang);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expectReflow(page, figures(lang), viewports);
  }
}

/**
 * `locator` shows whole in the window once the PAGE is scrolled to it (down, never sideways): what
 * a table's scroll region keeps past its right edge fails this, however long the page is (a batch
 * of many payouts puts a row below the fold; that is not what is checked).
 */
export async function expectShownWithoutSideScroll(locator: Locator): Promise<void> {
  await locator.evaluate((element) => {
    const { top, height } = element.getBoundingClientRect();
    window.scrollBy({ top: top - (window.innerHeight - height) / 2, behavior: 'instant' });
  });
  await expect(locator).toBeInViewport({ ratio: 1 });
}
