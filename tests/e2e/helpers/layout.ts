/// <reference lib="dom" />
import type { Page } from 'playwright-core';

/**
 * Controls a person cannot reach on this page, scrolled to its end: any button, link or field the
 * floating chat button covers, and any the sticky player bar hides (the page must leave room for both).
 * With the player bar showing, the chat button must sit inside the bar, right of the bar's own controls.
 * Each entry names the control ('Curtir Aurora: under the chat button').
 */
export async function unreachableControls(page: Page): Promise<string[]> {
  // To the end of the page once it stops growing: a section that loads after the scroll (a beat's licence
  // tiers) pushes the end further down, and what then sits behind the bar is reachable by scrolling on.
  let height = -1;
  for (let tries = 0; tries < 20; tries += 1) {
    const now = await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      return document.documentElement.scrollHeight;
    });
    if (now === height) break;
    height = now;
    await page.waitForTimeout(250);
  }
  return page.evaluate(() => {
    const launcher = document.querySelector('[data-chat-launcher]');
    const bar = document.querySelector('[data-player-bar]');
    if (!launcher) return ['no chat button'];
    const chat = launcher.getBoundingClientRect();
    const barBox = bar?.getBoundingClientRect();
    const found: string[] = [];
    const overlaps = (a: DOMRect, b: DOMRect) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input, select, textarea, [role="button"], [role="slider"], [role="tab"]',
    );
    for (const control of controls) {
      if (control.closest('[data-chat-launcher], #chat-panel')) continue;
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(control).visibility === 'hidden') continue;
      const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 50);
      if (overlaps(box, chat)) found.push(`${name}: under the chat button`);
      if (bar && barBox && !bar.contains(control) && overlaps(box, barBox))
        found.push(`${name}: under the player bar`);
    }
    if (barBox && (chat.top < barBox.top || chat.bottom > barBox.bottom))
      found.push('chat button: outside the player bar');
    return found;
  });
}
