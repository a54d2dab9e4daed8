/**
 * Text boxes that overlap on the page (issue 43, "the phone in every language"): every
 * visible text node's line boxes (Range.getClientRects), cut to the ancestors that clip or
 * scroll them, compared pairwise; two boxes of different texts that overlap by more than a
 * sliver are reported with both texts. SVG and canvas drawings (process images, charts) are
 * left out: their texts are placed by the drawing. So is text the browser skips drawing
 * (content-visibility: auto far from the screen, as the alarm performance tables are): its box
 * takes its estimated height until it comes near the screen, and only then its own.
 */
import { expect, type Page } from '@playwright/test';

export interface Overlap {
  a: string;
  b: string;
}

export function textOverlaps(page: Page): Promise<Overlap[]> {
  return page.evaluate(() => {
    type Box = { left: number; top: number; right: number; bottom: number };
    const boxes: { node: Text; text: string; box: Box }[] = [];
    const clipOf = (el: Element): Box | null => {
      let clip: Box = { left: -1e9, top: -1e9, right: 1e9, bottom: 1e9 };
      for (let p: Element | null = el; p && p !== document.documentElement; p = p.parentElement) {
        const s = getComputedStyle(p);
        // Text for screen readers only (clip or clip-path): not on screen at all.
        if ((s.clipPath && s.clipPath !== 'none') || (s.clip && s.clip !== 'auto')) return null;
        // content-visibility contains paint too (computed `contain` does not show it).
        const paint =
          s.contain.includes('paint') ||
          s.contain === 'strict' ||
          s.contain === 'content' ||
          s.contentVisibility === 'auto' ||
          s.contentVisibility === 'hidden';
        if (s.overflowX !== 'visible' || s.overflowY !== 'visible' || paint) {
          const r = p.getBoundingClientRect();
          clip = {
            left: Math.max(clip.left, s.overflowX !== 'visible' ? r.left : -1e9),
            top: Math.max(clip.top, s.overflowY !== 'visible' ? r.top : -1e9),
            right: Math.min(clip.right, s.overflowX !== 'visible' ? r.right : 1e9),
            bottom: Math.min(clip.bottom, s.overflowY !== 'visible' ? r.bottom : 1e9),
          };
          if (clip.right <= clip.left || clip.bottom <= clip.top) return null;
        }
      }
      return clip;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const node = n as Text;
      const text = node.data.trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('svg, canvas, script, style, noscript, template'))
        continue;
      // Text in a subtree the browser skips (content-visibility: auto, far from the screen) is
      // not drawn; it is laid out at its own size when it comes near the screen.
      const shown = parent.checkVisibility({
        opacityProperty: true,
        visibilityProperty: true,
        contentVisibilityAuto: true,
      });
      if (!shown) continue;
      const clip = clipOf(parent);
      if (!clip) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) {
        const box = {
          left: Math.max(r.left, clip.left),
          top: Math.max(r.top, clip.top),
          right: Math.min(r.right, clip.right),
          bottom: Math.min(r.bottom, clip.bottom),
        };
        // Cut away, or a one-pixel box (text for screen readers only).
        if (box.right - box.left < 2 || box.bottom - box.top < 2) continue;
        boxes.push({ node, text, box });
      }
    }
    const found = new Map<string, { a: string; b: string }>();
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const p = boxes[i]!;
        const q = boxes[j]!;
        if (p.node === q.node) continue;
        const w = Math.min(p.box.right, q.box.right) - Math.max(p.box.left, q.box.left);
        const h = Math.min(p.box.bottom, q.box.bottom) - Math.max(p.box.top, q.box.top);
        const smaller = Math.min(p.box.bottom - p.box.top, q.box.bottom - q.box.top);
        // More than a sliver: glyph boxes of neighbouring lines may touch by a pixel or two.
        if (w > 2 && h > Math.max(3, smaller * 0.2)) {
          const key = `${p.text}|${q.text}`;
          if (!found.has(key)) found.set(key, { a: p.text.slice(0, 80), b: q.text.slice(0, 80) });
        }
      }
    }
    return [...found.values()];
  });
}

/** Opens a client route without reloading the page (the router follows history). */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, path);
}

/**
 * Waits until the page's texts have settled: the same texts (digits aside, live values keep
 * changing) in two readings in a row.
 */
export async function settled(page: Page): Promise<void> {
  let last = '';
  const read = () =>
    page.evaluate(() => {
      const main = document.querySelector('main') ?? document.body;
      return `${main.querySelectorAll('*').length}|${(main.textContent ?? '').replace(/\d/g, '')}`;
    });
  await expect
    .poll(
      async () => {
        const now = await read();
        const same = now === last;
        last = now;
        return same;
      },
      { intervals: [400], timeout: 20_000 },
    )
    .toBe(true);
}
