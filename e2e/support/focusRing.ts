import { PNG } from 'pngjs';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import { tabTo } from './keyboard';

function luminance(r: number, g: number, b: number): number {
  const [R, G, B] = [r, g, b].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
}

function contrast(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

export interface FocusChange {
  /** Pixels (CSS px², whatever the device scale) whose colour changed by 3:1 or more on focus. */
  changedAt3to1: number;
  /** The element's perimeter in CSS px: WCAG 2.4.13 asks for at least a 2 px thick one. */
  perimeter: number;
}

/**
 * How focus changes what a control looks like, as WCAG 1.4.11 and 2.4.13 measure it: the same
 * area (the control and 8 px around it) before and after a keyboard user tabs to it, pixel by
 * pixel, counting the pixels whose colour changed by at least 3:1.
 */
export async function measureFocusChange(page: Page, control: Locator): Promise<FocusChange> {
  // Focus on the control before it, by keyboard: Tab then moves on to the control without
  // scrolling (tabbing from the top of the page would scroll between the two screenshots).
  await tabTo(page, control);
  await page.keyboard.press('Shift+Tab');
  // In the middle of the viewport, so the margin around it is on screen too (at an edge the
  // screenshot would cut the ring off).
  await control.evaluate((element) => element.scrollIntoView({ block: 'center', inline: 'center' }));
  const box = (await control.boundingBox())!;
  const margin = 8;
  const clip = { x: Math.max(0, box.x - margin), y: Math.max(0, box.y - margin), width: box.width + 2 * margin, height: box.height + 2 * margin };
  // caret: 'hide', or the blinking caret would be a difference of its own.
  const before = PNG.sync.read(await page.screenshot({ clip, caret: 'hide', animations: 'disabled' }));
  await page.keyboard.press('Tab');
  await expect(control).toBeFocused();
  const after = PNG.sync.read(await page.screenshot({ clip, caret: 'hide', animations: 'disabled' }));
  let changed = 0;
  for (let i = 0; i < before.data.length; i += 4) {
    const l1 = luminance(before.data[i]!, before.data[i + 1]!, before.data[i + 2]!);
    const l2 = luminance(after.data[i]!, after.data[i + 1]!, after.data[i + 2]!);
    if (contrast(l1, l2) >= 3) changed++;
  }
  const scale = before.width / clip.width;
  return { changedAt3to1: changed / (scale * scale), perimeter: 2 * (box.width + box.height) };
}
