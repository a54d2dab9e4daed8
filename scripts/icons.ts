/**
 * Renders the app's icons (public/icons) from the brand mark of the header (src/app/shell.css
 * `.brand-mark`: a vessel with water, on the header's colour): `npx tsx scripts/icons.ts`.
 * The maskable icon keeps the mark inside the safe zone (the middle 80 %), which platforms
 * crop to a circle or a rounded square; the others fill the whole square.
 */
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const HEADER = '#2a3136';
const VESSEL = '#e8ebed';
const WATER = '#6ea6d3';

/** The mark on a square of `size`, the vessel `scale` of the square's height. */
function svg(size: number, scale: number, rounded: boolean): string {
  const h = size * scale;
  const w = h * 0.7;
  const x = (size - w) / 2;
  const y = (size - h) / 2;
  const stroke = h * 0.1;
  const water = (h - stroke) * 0.55;
  const r = rounded ? size * 0.18 : 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}">
<rect width="${size}" height="${size}" rx="${r}" fill="${HEADER}"/>
<path d="M${x + stroke / 2} ${y} V${y + h - stroke / 2 - h * 0.1} q0 ${h * 0.1} ${h * 0.1} ${h * 0.1} H${x + w - stroke / 2 - h * 0.1} q${h * 0.1} 0 ${h * 0.1} ${-h * 0.1} V${y}" fill="none" stroke="${VESSEL}" stroke-width="${stroke}" stroke-linecap="round"/>
<rect x="${x + stroke * 1.5}" y="${y + h - stroke * 1.5 - water}" width="${w - stroke * 3}" height="${water}" rx="${h * 0.04}" fill="${WATER}"/>
</svg>`;
}

const out = 'public/icons';
writeFileSync(`${out}/icon.svg`, svg(512, 0.62, true));
const browser = await chromium.launch({
  executablePath: process.env.PEGEL_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  const render = async (file: string, size: number, scale: number, rounded: boolean) => {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<body style="margin:0;background:transparent">${svg(size, scale, rounded)}</body>`,
    );
    await page.screenshot({ path: `${out}/${file}`, omitBackground: true });
  };
  await render('icon-192.png', 192, 0.62, true);
  await render('icon-512.png', 512, 0.62, true);
  // Square and full bleed: the platform cuts its own shape; the mark stays in the safe zone.
  await render('icon-maskable-512.png', 512, 0.5, false);
  await render('apple-touch-icon.png', 180, 0.56, false);
} finally {
  await browser.close();
}
