/**
 * One truth on every screen (issue 41 items 2, 3 and 6): the same PV reads the same in the
 * station page, a process image, a dashboard tile, a chart legend and the archive browser,
 * open side by side in one browser context: its value, its state in words and whether it is
 * stale (domain/valueStanding.ts). Three kinds of PV: an analog value in alarm (limits moved
 * below it), a digital input (its state texts, never 0/1), and a value of a dial-up station
 * that is not connected (stale everywhere, with its mark and age). Live values move, so each
 * comparison reads every view at the same moment and is retried until they agree. OT2: the
 * energy and leakage pages follow the same rule.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { signIn } from './auth.ts';
import { signInHttp } from '../support/login.ts';
import { crossLimits, json, restoreLimits } from './limits.ts';
import { pvUrlId } from '../../src/contract/keys.ts';
import { API } from '../../src/contract/paths.ts';
import type { PvConfig, PvRef } from '../../src/contract/pv.ts';
import { DASHBOARD_API, type DashboardConfigResult } from '../../src/contract/dashboard.ts';
import { ENERGY_API, type EnergyStation } from '../../src/contract/energy.ts';
import { LEAKAGE_API, type LeakageSection } from '../../src/contract/leakage.ts';
import type { Station } from '../../src/contract/station.ts';

/** Wasserwerk Talaue (fixed line): a level and a pump's running input. */
const ANALOG: PvRef = { type: 'AnaIn', nr: 200001 };
const DIGITAL: PvRef = { type: 'DigiIn', nr: 200001 };
/** Hochbehälter Sonnenhang (dial-up, not connected unless called): its level. */
const OFFLINE: PvRef = { type: 'AnaIn', nr: 400001 };

/** An element's text without marks (alarm, stale) and without any white space. */
async function plainText(locator: Locator): Promise<string> {
  return locator.evaluate((el) => {
    const copy = el.cloneNode(true) as Element;
    for (const mark of copy.querySelectorAll('.alarm-mark, .stale-note, .unit, .gauge-unit'))
      mark.remove();
    return (copy.textContent ?? '').replace(/\s+/g, '');
  });
}

/** A process-image value text without its stale mark, age and unit. */
async function imageText(locator: Locator, unit: string): Promise<string> {
  const text = (await locator.textContent()) ?? '';
  const value = text
    .split(' · ')[0]!
    .replace(/^[?!] /, '')
    .trim();
  return (unit && value.endsWith(` ${unit}`) ? value.slice(0, -unit.length - 1) : value).replace(
    /\s+/g,
    '',
  );
}

interface Views {
  station: Page;
  image: Page;
  dashboard: Page;
  chart: Page;
  archive: Page;
}

const stationValue = (p: Page, pv: PvRef) => p.locator(`.pv-row[data-pv="${pvUrlId(pv)}"]`);
const legendRow = (p: Page, name: string) =>
  p.locator('.u-legend .u-series').filter({ hasText: name });

test('OT1: an analog PV in alarm, a digital input and a value of a station not connected read the same in the station page, a process image, a dashboard tile, a chart legend and the archive browser', async ({
  context,
  plant,
}) => {
  // Eight pages live at once on a shared two-core machine.
  test.setTimeout(240_000);
  const api = await signInHttp(plant.url, 'operator');
  const configs = await json<PvConfig[]>(api, API.pv.configs, [ANALOG, DIGITAL, OFFLINE]);
  const [analog, digital, offline] = configs as [PvConfig, PvConfig, PvConfig];
  expect(digital.digiDisplayConfig).not.toBeNull();
  const dashboards = await json<DashboardConfigResult>(api, DASHBOARD_API.config);
  const dashboardOf = (pv: PvRef) =>
    dashboards.dashboards.find((d) =>
      d.tiles.some((t) => t.pv?.type === pv.type && t.pv.nr === pv.nr),
    )!.id;
  const original = await crossLimits(api, ANALOG);
  try {
    const open = async (path: string) => {
      const page = await context.newPage();
      await page.setViewportSize({ width: 1400, height: 1600 });
      await page.goto(path);
      return page;
    };
    const first = await context.newPage();
    await first.setViewportSize({ width: 1400, height: 1600 });
    await signIn(first, 'operator', '/stations/2');
    const ww: Views = {
      station: first,
      image: await open('/process-images/wasserwerk-talaue'),
      dashboard: await open(`/dashboard/${dashboardOf(ANALOG)}`),
      chart: await open(`/trend/realtime?pv=${pvUrlId(ANALOG)}&pv=${pvUrlId(DIGITAL)}`),
      archive: await open(`/archive?pv=${pvUrlId(ANALOG)}`),
    };
    const digitalArchive = await open(`/archive?pv=${pvUrlId(DIGITAL)}`);
    const digitalDashboard =
      dashboardOf(DIGITAL) === dashboardOf(ANALOG)
        ? ww.dashboard
        : await open(`/dashboard/${dashboardOf(DIGITAL)}`);
    const hb: Views = {
      station: await open('/stations/4'),
      image: await open('/process-images/hochbehaelter-sonnenhang'),
      dashboard: await open(`/dashboard/${dashboardOf(OFFLINE)}`),
      chart: await open(`/trend/realtime?pv=${pvUrlId(OFFLINE)}`),
      archive: await open(`/archive?pv=${pvUrlId(OFFLINE)}`),
    };

    // 1. The analog PV in alarm: the same value, the alarm in every live view.
    const aRow = stationValue(ww.station, ANALOG);
    const aImage = ww.image.locator(`text.pi-value[data-pv="${pvUrlId(ANALOG)}"]`);
    const aTile = ww.dashboard.locator(`.single-value[data-pv="${pvUrlId(ANALOG)}"]`);
    const aLegend = legendRow(ww.chart, analog.name);
    await expect(aRow).toHaveAttribute('data-alarm', 'unacknowledged', { timeout: 30_000 });
    await expect(aImage).toHaveAttribute('data-alarm', 'unacknowledged');
    await expect(aTile).toHaveAttribute('data-alarm', 'unacknowledged');
    await expect(aLegend).toHaveAttribute('data-alarm', 'unacknowledged');
    await expect(async () => {
      const [s, i, d, c, a] = await Promise.all([
        plainText(aRow.locator('.pv-value')),
        imageText(aImage, analog.dimension),
        plainText(aTile.locator('.gauge-number')),
        plainText(aLegend.locator('td')),
        plainText(ww.archive.locator('.archive-current-value')),
      ]);
      expect(s).toMatch(/^\d+,\d{2}$/);
      expect([i, d, c, a]).toEqual([s, s, s, s]);
    }).toPass({ timeout: 60_000 });
    // A fixed-line station's fresh value is stale nowhere.
    for (const stale of [
      aRow.locator('.stale-note'),
      aTile.locator('.stale-note'),
      ww.archive.locator('.archive-current .stale-note'),
    ])
      await expect(stale).toHaveCount(0);
    await expect(aImage).not.toHaveAttribute('data-stale');
    await expect(aLegend).not.toHaveAttribute('data-stale');

    // 2. The digital input: its state in words everywhere, never 0/1.
    const { stateActiveText: on, stateInactiveText: off } = digital.digiDisplayConfig!;
    const dRow = stationValue(ww.station, DIGITAL);
    const dImage = ww.image.locator(`[data-pv="${pvUrlId(DIGITAL)}"][data-bind~="state"]`).first();
    const dTile = digitalDashboard.locator(`.single-value[data-pv="${pvUrlId(DIGITAL)}"]`);
    const dLegend = legendRow(ww.chart, digital.name);
    await expect(async () => {
      const [s, i, d, c, a] = await Promise.all([
        plainText(dRow.locator('.pv-value')),
        dImage.getAttribute('data-state'),
        plainText(dTile.locator('.gauge-state-text')),
        plainText(dLegend.locator('td')),
        plainText(digitalArchive.locator('.archive-current-value')),
      ]);
      expect([on, off]).toContain(s);
      expect(i).toBe(s === on ? 'on' : 'off');
      expect([d, c, a]).toEqual([s, s, s]);
    }).toPass({ timeout: 60_000 });
    // The archive's periods read as words too (a mean as the share of time 'Ein').
    const cells = digitalArchive.locator('.report-table tbody td');
    await expect(cells.first()).toBeVisible({ timeout: 30_000 });
    for (const text of await cells.allTextContents())
      expect(text).toMatch(new RegExp(`^(${on}|${off}|\\d+ % ${on}|–)$`));

    // 3. The station that is not connected: stale in every view, with the mark and its age,
    // the value muted, never a big number with a small '?'.
    await expect(hb.station.locator('.dial-state')).not.toHaveAttribute(
      'data-dial-state',
      'Connected',
    );
    const oRow = stationValue(hb.station, OFFLINE);
    const oImage = hb.image.locator(`text.pi-value[data-pv="${pvUrlId(OFFLINE)}"]`);
    const oTile = hb.dashboard.locator(`.single-value[data-pv="${pvUrlId(OFFLINE)}"]`);
    const oLegend = legendRow(hb.chart, offline.name);
    const oArchive = hb.archive.locator('.archive-current');
    await expect(oRow.locator('.stale-note')).toHaveAttribute('data-stale', 'stationOffline');
    await expect(oRow.locator('.pv-value')).toHaveClass(/value-stale/);
    await expect(oImage).toHaveAttribute('data-stale', 'stationOffline');
    await expect(oImage).toHaveText(/^\? .+ · .+/);
    await expect(oTile).toHaveAttribute('data-stale', 'stationOffline');
    await expect(oTile.locator('.gauge-number')).toHaveClass(/value-stale/);
    await expect(oTile.locator('.stale-note .stale-mark')).toHaveText('?');
    await expect(oTile.locator('.stale-note .stale-age')).not.toBeEmpty();
    await expect(oLegend).toHaveAttribute('data-stale', 'stationOffline');
    await expect(oLegend.locator('.legend-stale .stale-mark')).toHaveText('?');
    await expect(oArchive).toHaveAttribute('data-stale', 'stationOffline');
    await expect(oArchive.locator('.stale-age')).not.toBeEmpty();
    // A stale value does not change: the same text and the same age in every view.
    await expect(async () => {
      const [s, i, d, a, ageRow, ageTile, ageArchive] = await Promise.all([
        plainText(oRow.locator('.pv-value')),
        imageText(oImage, offline.dimension),
        plainText(oTile.locator('.gauge-number')),
        plainText(hb.archive.locator('.archive-current-value')),
        oRow.locator('.pv-age').textContent(),
        oTile.locator('.stale-age').textContent(),
        oArchive.locator('.stale-age').textContent(),
      ]);
      expect(s).toMatch(/^\d+,\d{2}$/);
      expect([i, d, a]).toEqual([s, s, s]);
      expect([ageTile, ageArchive]).toEqual([ageRow, ageRow]);
    }).toPass({ timeout: 30_000 });
    // The chart reads the archive: its newest point is the station's last data when in range.
    const legendValue = await plainText(oLegend.locator('td'));
    if (legendValue !== '–') expect(legendValue).toBe(await plainText(oRow.locator('.pv-value')));
  } finally {
    await restoreLimits(api, ANALOG, original);
  }
});

test('OT2: on the energy and leakage pages and in a report of this month a station that is not connected reads stale with its age, never "Im Rahmen", a correction verdict or "Dicht"', async ({
  page,
  plant,
}) => {
  test.setTimeout(120_000);
  const api = await signInHttp(plant.url, 'operator');
  const stations = await json<Station[]>(api, API.station.all);
  const dialUp = new Set(stations.filter((s) => s.dialUp).map((s) => s.id));
  const energy = await json<EnergyStation[]>(api, ENERGY_API.stations);
  const offline = energy.find((e) => dialUp.has(e.stationNumber));
  expect(offline, 'an energy station on a dial-up line').toBeDefined();

  await signIn(page, 'operator', '/energy');
  const card = page.locator(`[data-energy-station="${offline!.stationNumber}"]`);
  await expect(card).toHaveAttribute('data-stale', 'stationOffline', { timeout: 30_000 });
  await expect(card.locator('.stale-note .stale-mark')).toHaveText('?');
  await expect(card.locator('.stale-note .stale-age')).not.toBeEmpty();
  await expect(card.locator('.energy-now')).toHaveClass(/value-stale/);
  await expect(card).not.toContainText('Im Rahmen');
  // Nor what to shed or the headroom left: a dash where the correction power's verdict was.
  await expect(card.locator('.energy-correction-none')).toHaveText('—');
  await expect(card).not.toContainText(/Reserve|abschalten/);
  // A station on a fixed line keeps its verdict.
  const fixed = energy.find((e) => !dialUp.has(e.stationNumber))!;
  const fresh = page.locator(`[data-energy-station="${fixed.stationNumber}"]`);
  await expect(fresh.locator('.energy-state')).toContainText(/Im Rahmen|Trend über Sollleistung/);
  await expect(fresh).toContainText(/Reserve|abschalten/);
  await expect(fresh).not.toHaveAttribute('data-stale');

  const sections = await json<LeakageSection[]>(api, LEAKAGE_API.sections);
  const zone = sections.find((s) => s.stationNumber !== undefined && dialUp.has(s.stationNumber));
  expect(zone, 'a leakage zone measured by a dial-up station').toBeDefined();
  await page.goto('/leakage');
  const row = page.locator(`tr[data-leak-section="${zone!.pipeLeakageId}"]`);
  await expect(row).toHaveAttribute('data-stale', 'stationOffline', { timeout: 30_000 });
  await expect(row.locator('.stale-note .stale-age')).not.toBeEmpty();
  await expect(row).not.toContainText('Dicht');

  // A report that covers now: the station's rows after its newest data are stale; a station on
  // a fixed line has none.
  await page.goto(`/reports/monthly/${offline!.stationNumber * 100 + 1}`);
  const staleRows = page.locator('.report-table tbody tr[data-stale="stationOffline"]');
  await expect(staleRows.first()).toBeVisible({ timeout: 30_000 });
  await expect(staleRows.first().locator('.stale-note .stale-mark')).toHaveText('?');
  await expect(staleRows.first().locator('.stale-note .stale-age')).not.toBeEmpty();
  await page.goto(`/reports/monthly/${fixed.stationNumber * 100 + 1}`);
  await expect(page.locator('.report-table tbody tr').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.report-table tbody tr[data-stale]')).toHaveCount(0);
});
