/**
 * The dashboard's map tile on Leaflet (issue 59): zoom and pan, the tile source's attribution
 * the OpenStreetMap tile policy asks for, and every one of the plant's twelve stations in alarm
 * at once with its name and badge, none covering another, or, where there is no room for
 * them (a phone), in a cluster marker that names them. The tests run offline: no tile loads,
 * the stations stand on the plain ground.
 */
import type { Locator, Page } from '@playwright/test';
import { testOnPlant, expect } from './fixtures.ts';
import { signIn } from './auth.ts';
import { LANGUAGE_STORAGE_KEY } from '../../src/app/languageKey.ts';

// An alarm flood over all the plant's limits, none returning: soon every station is in alarm.
const test = testOnPlant({
  PEGEL_ALERT_FLOOD_PER_SEC: '20',
  PEGEL_ALERT_FLOOD_CLEAR_MS: '3600000',
});

type Box = { l: number; t: number; r: number; b: number };

/** Each marker's dot, shown name and alarm badge, and each cluster marker, as drawn. */
function markerBoxes(map: Locator) {
  return map.evaluate((m) => {
    const box = (e: Element) => {
      const r = e.getBoundingClientRect();
      return { l: r.left, t: r.top, r: r.right, b: r.bottom };
    };
    const clusters = [...m.querySelectorAll('.map-cluster')].map((c) => ({
      station: `cluster ${c.getAttribute('data-cluster')}`,
      dot: box(c),
      badge: null,
      label: null,
    }));
    const markers = [...m.querySelectorAll('.map-marker:not([data-clustered])')].map((marker) => {
      const label = marker.querySelector('.map-marker-label');
      const badge = marker.querySelector('[data-station-alarm]');
      return {
        station: marker.getAttribute('data-station'),
        dot: box(marker.querySelector('.map-marker-dot')!),
        badge: badge ? box(badge) : null,
        label: label && getComputedStyle(label).visibility !== 'hidden' ? box(label) : null,
      };
    });
    return [...markers, ...clusters];
  });
}

/** What of one station's marker covers another's: nothing, when the layout holds. */
async function clashes(map: Locator): Promise<string[]> {
  const boxes = await markerBoxes(map);
  const meet = (a: Box, b: Box) =>
    a.l < b.r - 0.5 && b.l < a.r - 0.5 && a.t < b.b - 0.5 && b.t < a.b - 0.5;
  const parts = boxes.flatMap((m) => {
    const drawn: [string, Box | null][] = [
      ['badge', m.badge],
      ['label', m.label],
      ['dot', m.dot],
    ];
    return drawn.flatMap(([what, b]) =>
      b ? [{ station: m.station, what: `${m.station} ${what}`, b }] : [],
    );
  });
  const found: string[] = [];
  // A cluster marker covers no other marker, name or badge.
  for (const c of parts.filter((p) => p.station?.startsWith('cluster')))
    for (const o of parts)
      if (o.station !== c.station && meet(c.b, o.b)) found.push(`${c.what} × ${o.what}`);
  for (const m of boxes.filter((x) => x.badge)) {
    if (!m.label) found.push(`${m.station} in alarm hides its name`);
    for (const o of parts)
      if (o.station !== m.station && meet(m.badge!, o.b))
        found.push(`${m.station} badge × ${o.what}`);
  }
  return found;
}

/**
 * Stations in alarm that cannot be found on the map: neither a marker with its badge nor
 * named in a cluster's accessible name.
 */
function lost(map: Locator): Promise<string[]> {
  return map.evaluate((m) => {
    const clusters = [...m.querySelectorAll('.map-cluster')].map(
      (c) => c.getAttribute('aria-label') ?? '',
    );
    return [...m.querySelectorAll('.map-marker')].flatMap((marker) => {
      const name = marker.querySelector('.map-marker-label')?.textContent ?? '';
      const inCluster = marker.hasAttribute('data-clustered');
      const badge = marker.querySelector('[data-station-alarm]');
      if (!badge) return [`${name}: no alarm`];
      if (!inCluster) return getComputedStyle(badge).visibility === 'visible' ? [] : [name];
      return clusters.some((c) => c.includes(name)) ? [] : [`${name} in no cluster's name`];
    });
  });
}

async function openMap(page: Page, width: number, height: number): Promise<Locator> {
  await page.setViewportSize({ width, height });
  await signIn(page, 'operator', '/dashboard/1');
  // On a phone the tiles below the screen render when scrolled to.
  await page.locator('[data-tile-type="GoogleMaps"]').scrollIntoViewIfNeeded();
  const map = page.locator('[data-tile-type="GoogleMaps"] .map');
  await map.scrollIntoViewIfNeeded();
  await expect(map.locator('.map-marker')).toHaveCount(12);
  return map;
}

test("MAP-E1: twelve stations in alarm keep their names and no badge covers another marker; the tiles' attribution shows", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const map = await openMap(page, 1920, 1080);
  await expect(map.locator('.map-marker [data-station-alarm]')).toHaveCount(12, {
    timeout: 90_000,
  });
  // The layout follows the badges as they are drawn (they grow with their counts).
  await expect.poll(() => clashes(map), { timeout: 20_000 }).toEqual([]);
  // The OpenStreetMap tile policy: the attribution, linked, visible on the map.
  const osm = map.locator(
    '.leaflet-control-attribution a[href="https://www.openstreetmap.org/copyright"]',
  );
  await expect(osm).toBeVisible();
  await expect(page.locator('.map-offline')).toHaveText(/^Kartenkacheln nicht erreichbar/);
  await map.screenshot({ path: test.info().outputPath('map-12-alarms-1920.png') });
});

test('MAP-E3: on a phone the map shows every station, its zoom buttons and the attribution', async ({
  page,
}) => {
  const map = await openMap(page, 360, 800);
  await expect(map.getByRole('button', { name: 'Vergrößern' })).toBeVisible();
  await expect(
    map.locator('.leaflet-control-attribution a[href="https://www.openstreetmap.org/copyright"]'),
  ).toBeVisible();
  await map.screenshot({ path: test.info().outputPath('map-360.png') });
});

test('MAP-E2: the map zooms with its buttons and pans by dragging; the markers follow', async ({
  page,
}) => {
  const map = await openMap(page, 1920, 1080);
  const centre = async (station: number) => {
    const b = (await map
      .locator(`.map-marker[data-station="${station}"] .map-marker-dot`)
      .boundingBox())!;
    return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  };
  const spread = async () => {
    const [a, b] = [await centre(1), await centre(12)];
    return Math.hypot(a.x - b.x, a.y - b.y);
  };
  // A zoom animates; the next click waits until the markers have moved and stand still, as a
  // user's would (a click during the animation zooms from wherever it has got to).
  const settled = async (from?: number) => {
    let last = Number.NaN;
    await expect
      .poll(async () => {
        const now = await spread();
        const still = Math.abs(now - last) < 0.5;
        last = now;
        return still && (from === undefined || Math.abs(now - from) > 1);
      })
      .toBe(true);
    return last;
  };
  const before = await settled();
  await map.getByRole('button', { name: 'Vergrößern' }).click();
  const zoomedIn = await settled(before);
  expect(zoomedIn).toBeGreaterThan(before * 1.3);
  await map.getByRole('button', { name: 'Verkleinern' }).click();
  const back = await settled(zoomedIn);
  await map.getByRole('button', { name: 'Verkleinern' }).click();
  expect(await settled(back)).toBeLessThan(before * 0.8);
  // A drag on the ground moves the map, and the stations with it.
  const box = (await map.boundingBox())!;
  const start = await centre(1);
  await page.mouse.move(box.x + 40, box.y + box.height - 40);
  await page.mouse.down();
  await page.mouse.move(box.x + 140, box.y + box.height - 80, { steps: 8 });
  await page.mouse.up();
  await expect.poll(async () => (await centre(1)).x - start.x).toBeGreaterThan(60);
  // A marker still opens its station.
  await map.locator('.map-marker[data-station="1"] .map-marker-link').click();
  await expect(page).toHaveURL(/\/stations\/1$/);
});

for (const lang of ['de', 'ru'])
  test(`MAP-E4: twelve stations in alarm in ${lang} at 1920 and at 360 px: no marker, name, badge or cluster covers another, and every station in alarm is a marker with its badge or named in a cluster`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.addInitScript(
      ([key, value]) => localStorage.setItem(key!, value!),
      [LANGUAGE_STORAGE_KEY, lang],
    );
    for (const [width, height] of [
      [1920, 1080],
      [360, 800],
    ] as const) {
      const map = await openMap(page, width, height);
      await expect(map.locator('.map-marker [data-station-alarm]')).toHaveCount(12, {
        timeout: 90_000,
      });
      await expect.poll(() => clashes(map), { timeout: 20_000 }).toEqual([]);
      await expect.poll(() => lost(map), { timeout: 20_000 }).toEqual([]);
      // A cluster shows its worst state by shape and number, not by colour alone.
      for (const cluster of await map.locator('.map-cluster[data-tone="alarm"]').all())
        await expect(cluster.locator('.alarm-mark')).toHaveAttribute('data-priority', /^\d+$/);
      await map.screenshot({
        path: test.info().outputPath(`map-12-alarms-${lang}-${width}.png`),
      });
    }
    // On the phone a cluster opens the list of its stations, each a link with its state, and
    // a button that zooms in to them: they move apart.
    const cluster = page.locator('[data-tile-type="GoogleMaps"] .map-cluster').first();
    if ((await cluster.count()) > 0) {
      const keys = (await cluster.getAttribute('data-cluster'))!.split(' ');
      await cluster.click();
      await expect(cluster).toHaveAttribute('aria-expanded', 'true');
      const list = page.locator('.map-cluster-list');
      await expect(list.getByRole('link')).toHaveCount(keys.length);
      await page
        .locator('[data-tile-type="GoogleMaps"] .map')
        .screenshot({ path: test.info().outputPath(`map-cluster-list-${lang}-360.png`) });
      const spread = async () => {
        const at = async (key: string) =>
          (await page
            .locator(`.map-marker[data-station="${key}"] .map-marker-link`)
            .boundingBox())!;
        const [a, b] = [await at(keys[0]!), await at(keys[1]!)];
        return Math.hypot(a.x - b.x, a.y - b.y);
      };
      const before = await spread();
      await list.getByRole('button').click();
      await expect.poll(spread).toBeGreaterThan(before * 1.3);
    }
  });
