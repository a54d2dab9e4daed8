/**
 * A dense process image (issue 13): from DENSE_THRESHOLD value texts on, the values are drawn
 * on a canvas layer above the SVG. What the eye sees is checked on the canvas itself; the
 * transparent SVG texts still take clicks; a PV in alarm goes back to the SVG with its mark.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { signIn } from './auth.ts';
import { signInHttp } from '../support/login.ts';
import { crossLimits, restoreLimits } from './limits.ts';
import { parsePvUrlId } from '../../src/contract/keys.ts';

const COUNT = 1200;

// With motion as most operators have it: the image's transform and its values' layer are
// measured while the page may still be moving them (the gate runs with reduced motion).
test.use({ reducedMotion: 'no-preference' });
const COLUMNS = 40;

function denseSvg(pvs: string[]): string {
  const texts: string[] = [];
  for (let k = 0; k < COUNT; k++) {
    const x = (k % COLUMNS) * 90 + 4;
    const y = Math.floor(k / COLUMNS) * 16 + 12;
    texts.push(
      `<text class="pi-value" x="${x}" y="${y}" font-size="11" data-pv="${pvs[k % pvs.length]}" data-bind="value" data-action="pv">—</text>`,
    );
  }
  const height = Math.ceil(COUNT / COLUMNS) * 16 + 4;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${COLUMNS * 90} ${height}" width="${COLUMNS * 90}" height="${height}"><title>Dicht</title>${texts.join('')}</svg>`;
}

type ShownWindow = Window & {
  __pegelBench?: { processImage?: { dense: boolean; shown(selector: string): (string | null)[] } };
};

const shown = (page: Page) =>
  page.evaluate(
    () => (window as ShownWindow).__pegelBench?.processImage?.shown('text.pi-value') ?? [],
  );

/** Ink on the canvas layer inside the element's box (alpha of the pixels there). */
const inkAt = (page: Page, index: number) =>
  page.evaluate((i) => {
    const el = document.querySelectorAll('.pi-host text.pi-value')[i]!;
    const canvas = document.querySelector<HTMLCanvasElement>('.pi-dense-layer')!;
    const r = el.getBoundingClientRect();
    const c = canvas.getBoundingClientRect();
    const k = canvas.width / c.width;
    const data = canvas
      .getContext('2d')!
      .getImageData(
        Math.floor((r.left - c.left) * k),
        Math.floor((r.top - c.top) * k),
        Math.max(1, Math.ceil(r.width * k)),
        Math.max(1, Math.ceil(r.height * k)),
      ).data;
    let ink = 0;
    for (let p = 3; p < data.length; p += 4) if (data[p]! > 0) ink++;
    return ink;
  }, index);

/** How the element's value reaches the eye: 'canvas' (ink there), 'alarm' (its SVG text,
 * marked), or 'none'. */
async function drawnAt(page: Page, index: number): Promise<'canvas' | 'alarm' | 'none'> {
  const state = await page
    .locator('.pi-host text.pi-value')
    .nth(index)
    .evaluate((el) => ({
      onCanvas: el.classList.contains('pi-on-canvas'),
      alarm: el.getAttribute('data-alarm'),
      text: el.textContent ?? '',
    }));
  if (state.onCanvas) return (await inkAt(page, index)) > 0 ? 'canvas' : 'none';
  return state.alarm && state.text !== '' && state.text !== '—' ? 'alarm' : 'none';
}

test('PI-D1: a dense image draws its values on the canvas layer; they change, take clicks and go to the SVG in alarm', async ({
  page,
  plant,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'operator', '/process-images/abwasserpumpwerk-muehlgraben');
  await expect(page.locator('.pi-host [data-bind="value"]').first()).toBeVisible();
  const pvs = [
    ...new Set(
      await page
        .locator('.pi-host [data-pv^="AnaIn-"][data-bind="value"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-pv')!)),
    ),
  ];
  expect(pvs.length).toBeGreaterThan(2);
  const file = join(plant.dataDir, 'process-images', 'dicht.svg');
  // The server is shared by the tests of this worker: the image goes again at the end.
  writeFileSync(file, denseSvg(pvs));
  const api = await signInHttp(plant.url, 'operator');
  const pv = parsePvUrlId(pvs[0]!)!;
  let limits: Awaited<ReturnType<typeof crossLimits>> | null = null;
  try {
    await page.goto('/process-images/dicht');
    // The image was written a moment ago: the server reads and sanitises 1,200 texts and the
    // page leases their PVs; on the loaded CI machine that once took more than 10 s.
    await expect(page.locator('.pi-dense-layer')).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.pi-host text.pi-value').first()).toHaveClass(/pi-on-canvas/);
    // Every value arrives and is drawn; the texts follow the plant's format with unit.
    await expect
      .poll(async () => (await shown(page)).filter((t) => t === null || t === '—').length)
      .toBe(0);
    const first = await shown(page);
    expect(first).toHaveLength(COUNT);
    expect(first[1]).toMatch(/^-?\d+(,\d+)? \S+$/);
    // Elements bound to the same PV show the same value.
    expect(first[pvs.length + 1]).toBe(first[1]);
    // What the eye sees: ink on the canvas where the value stands.
    expect(await inkAt(page, 1)).toBeGreaterThan(5);
    await expect
      .poll(async () => (await shown(page)).join('|'), { timeout: 20_000 })
      .not.toBe(first.join('|'));
    // Hovering a value brings its text into the DOM (tooltips, readers).
    const second = page.locator('.pi-host text.pi-value').nth(1);
    await second.hover();
    expect((await shown(page))[1]).toBe(await second.textContent());
    // The transparent SVG text still takes the click: the PV's actions open.
    await second.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // In alarm the value leaves the canvas: the SVG text shows it with the alarm mark.
    limits = await crossLimits(api, pv);
    const alarmed = page.locator('.pi-host text.pi-value').first();
    await expect(alarmed).toHaveAttribute('data-alarm', 'unacknowledged', { timeout: 20_000 });
    await expect(alarmed).not.toHaveClass(/pi-on-canvas/);
    await expect(alarmed).toHaveText(/^-?\d+(,\d+)? \S+$/);
    await expect(page.locator('.pi-host .pi-alarm-mark').first()).toBeVisible();
    expect(await inkAt(page, 0)).toBe(0);
    // Neighbours bound to other PVs stay on the canvas.
    await expect(second).toHaveClass(/pi-on-canvas/);
  } finally {
    if (limits) await restoreLimits(api, pv, limits);
    rmSync(file, { force: true });
  }
});

test.describe('reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('PI-D2: with reduced motion a dense image of 1,000 values on a wide screen draws every one of them', async ({
    page,
    plant,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await signIn(page, 'operator', '/process-images/abwasserpumpwerk-muehlgraben');
    await expect(page.locator('.pi-host [data-bind="value"]').first()).toBeVisible();
    expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(
      true,
    );
    const pvs = [
      ...new Set(
        await page
          .locator('.pi-host [data-pv^="AnaIn-"][data-bind="value"]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-pv')!)),
      ),
    ];
    // The geometry of the bench's dense grid (bench/baseline/denseGrid.ts): 100 columns of
    // small texts, fitted into the screen at about a third of their size.
    const cells = 1000;
    const texts: string[] = [];
    for (let k = 0; k < cells; k++) {
      texts.push(
        `<text class="pi-value" x="${(k % 100) * 60 + 2}" y="${Math.floor(k / 100) * 14 + 11}" font-size="10" data-pv="${pvs[k % pvs.length]}" data-bind="value">—</text>`,
      );
    }
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 6000 140" width="6000" height="140"><title>Dicht ruhig</title>${texts.join('')}</svg>`;
    const file = join(plant.dataDir, 'process-images', 'dicht-ruhig.svg');
    writeFileSync(file, svg);
    try {
      await page.goto('/process-images/dicht-ruhig');
      await expect(page.locator('.pi-dense-layer')).toBeVisible({ timeout: 30_000 });
      // Every value is drawn: none left undrawn (null) or at its placeholder.
      await expect
        .poll(async () => (await shown(page)).filter((t) => t === null || t === '—').length, {
          timeout: 30_000,
        })
        .toBe(0);
      expect(await shown(page)).toHaveLength(cells);
      // What the eye sees where the first, a middle and the last value stand: ink on the
      // canvas, or, for a PV in alarm (the simulator raises some, and PI-D1 leaves one
      // unacknowledged on this server), the SVG text itself with its alarm. The layer
      // paints in the frames after the values are set: wait for its ink.
      for (const index of [0, 555, cells - 1])
        await expect
          .poll(() => drawnAt(page, index), { timeout: 30_000 })
          .toMatch(/^(canvas|alarm)$/);
    } finally {
      rmSync(file, { force: true });
    }
  });
});
