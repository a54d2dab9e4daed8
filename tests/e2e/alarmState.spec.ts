/**
 * Alarm state at the value (DESIGN.md "Alarm states", issue "Alarms where the operator
 * looks"): a limit crossed on a PV turns its station row, its process-image value and its
 * dashboard tile into the alarm state (shape, priority number, state in words), and back
 * after it returned to normal and was acknowledged. Rules PA1-PA3 of workers/SPEC.md.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { axeViolations } from './axe.ts';
import { signIn } from './auth.ts';
import { signInHttp, type SignedIn } from '../support/login.ts';
import { crossLimits, json, restoreLimits } from './limits.ts';
import { ALERT_API, type Alert, type AlertListResult } from '../../src/contract/alerts.ts';
import { DASHBOARD_API, type DashboardConfigResult } from '../../src/contract/dashboard.ts';
import { pvUrlId } from '../../src/contract/keys.ts';
import { API } from '../../src/contract/paths.ts';
import type { PvLimitConfig, PvRef } from '../../src/contract/pv.ts';
import { ACTION_EXTRA_API } from '../../src/contract/actions.ts';
import type { Station } from '../../src/contract/station.ts';

async function alertsOf(api: SignedIn, pv: PvRef): Promise<Alert[]> {
  const end = new Date(Date.now() + 60_000).toISOString();
  const start = new Date(Date.now() - 3_600_000).toISOString();
  const list = await json<AlertListResult>(
    api,
    `${ALERT_API.list}?start=${start}&end=${end}&limit=1000`,
  );
  return list.alerts.filter((a) => a.pvRef?.type === pv.type && a.pvRef.nr === pv.nr);
}

const stationRow = (page: Page, pv: PvRef) => page.locator(`.pv-row[data-pv="${pvUrlId(pv)}"]`);

test('PA-E1: a crossed limit shows at the value on the station page, the process image and the dashboard; it goes after return to normal and acknowledgement', async ({
  context,
  plant,
}) => {
  // Three pages live at once; 1.9 min seen on a loaded day of the two-core machine.
  test.setTimeout(180_000);
  const api = await signInHttp(plant.url, 'operator');
  const dashboards = await json<DashboardConfigResult>(api, DASHBOARD_API.config);
  const tile = dashboards.dashboards[0]!.tiles.find((t) => t.displayStyle === 'CircularGauge')!;
  const pv = tile.pv!;
  const stationNr = Math.floor(pv.nr / 100_000);
  const stations = await json<Station[]>(api, API.station.all);
  const image = stations.find((s) => s.id === stationNr)!.processImage!;

  const station = await context.newPage();
  await station.setViewportSize({ width: 1280, height: 2400 });
  await signIn(station, 'operator', `/stations/${stationNr}`);
  await expect(stationRow(station, pv)).toBeVisible();
  await expect(stationRow(station, pv)).not.toHaveAttribute('data-alarm');
  const dashboard = await context.newPage();
  await dashboard.goto(`/dashboard/${dashboards.dashboards[0]!.id}`);
  const gauge = dashboard
    .locator('.single-value')
    .filter({ has: dashboard.locator('.gauge-circular') });
  await expect(gauge.first()).toBeVisible();
  const processImage = await context.newPage();
  await processImage.goto(`/process-images/${encodeURIComponent(image)}`);
  const piValue = processImage.locator(`text.pi-value[data-pv="${pvUrlId(pv)}"]`);
  await expect(piValue).toBeVisible();

  const original = await crossLimits(api, pv);

  // Row: the alarm mark with the priority number, the state in words, the row's attribute.
  const row = stationRow(station, pv);
  await expect(row).toHaveAttribute('data-alarm', 'unacknowledged');
  await expect(row).toHaveAttribute('data-alarm-priority', '1');
  await expect(row.locator('.alarm-mark')).toHaveAttribute(
    'aria-label',
    /Priorität 1, nicht quittiert/,
  );
  await expect(row.locator('.alarm-mark text')).toHaveText('1');
  // Unacknowledged: a steady halo around the mark, a shape of its own. It does not pulse in a
  // row (a running animation per row made every frame of a list dearer, bench/README.md
  // "The current alert list at rest and at low rates"), with motion allowed or reduced.
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    await station.emulateMedia({ reducedMotion });
    const halo = await row.locator('.alarm-mark').evaluate((el) => {
      const after = getComputedStyle(el, '::after');
      return {
        opacity: after.opacity,
        border: after.borderTopWidth,
        animation: after.animationName,
        running: el.getAnimations({ subtree: true }).length,
      };
    });
    expect(halo).toEqual({ opacity: '1', border: '2px', animation: 'none', running: 0 });
  }
  await expect(row.locator('.pv-alarm-text')).toContainText('Alarm');
  // Dashboard tile and process image follow from the same engine state.
  await expect(gauge.first()).toHaveAttribute('data-alarm', 'unacknowledged');
  await expect(gauge.first().locator('.alarm-mark')).toBeVisible();
  await expect(piValue).toHaveAttribute('data-alarm', 'unacknowledged');
  await expect(processImage.locator('.pi-alarm-mark')).toHaveAttribute('aria-label', /Priorität 1/);
  // The image's halo stands still too: an open process image does not draw per frame for it.
  const piHalo = processImage.locator('.pi-alarm-halo').first();
  await expect(piHalo).toBeVisible();
  expect(await piHalo.evaluate((el) => el.getAnimations().length)).toBe(0);

  // The PV dialog of the process image says why: the alarm in words and the live limits.
  await processImage
    .locator(`[data-action="pv"][data-pv="${pvUrlId(pv)}"]`)
    .first()
    .click();
  const dialog = processImage.locator('.pi-actions-dialog');
  await expect(dialog.locator('.pv-alarm-state')).toHaveAttribute('data-alarm', 'unacknowledged');
  await expect(dialog.locator('.pv-limit-list dt')).toHaveText(['ugw', 'mugw', 'mogw', 'ogw']);
  await expect(dialog.locator('.pv-limit-list dd').last()).toContainText('P1');
  await processImage.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // Acknowledged but still active: shown as acknowledged, not normal.
  const raised = (await alertsOf(api, pv)).filter((a) => !a.cleared);
  expect(raised.length).toBeGreaterThan(0);
  const ack = await api.fetch(ALERT_API.ack, {
    method: 'POST',
    body: JSON.stringify({ ids: raised.map((a) => a.id) }),
  });
  expect(ack.status).toBe(200);
  await expect(row).toHaveAttribute('data-alarm', 'acknowledged');
  await expect(gauge.first()).toHaveAttribute('data-alarm', 'acknowledged');

  // Back to normal after the limits return: nothing is left at the value.
  await restoreLimits(api, pv, original);
  await expect(row).not.toHaveAttribute('data-alarm', { timeout: 20_000 });
  await expect(row.locator('.alarm-mark')).toHaveCount(0);
  await expect(gauge.first()).not.toHaveAttribute('data-alarm');
  await expect(piValue).not.toHaveAttribute('data-alarm');
  await expect(processImage.locator('.pi-alarm-mark')).toHaveCount(0);

  expect(await axeViolations(station, { include: '.pv-list' })).toEqual([]);
});

/** Acknowledges the PV's current alert of `priority` through the API. */
async function ackPriority(api: SignedIn, pv: PvRef, priority: number): Promise<void> {
  let ids: number[] = [];
  await expect(async () => {
    ids = (await alertsOf(api, pv))
      .filter((a) => !a.cleared && a.state === 'pending' && a.priority === priority)
      .map((a) => a.id);
    expect(ids.length).toBeGreaterThan(0);
  }).toPass({ timeout: 20_000 });
  const res = await api.fetch(ALERT_API.ack, { method: 'POST', body: JSON.stringify({ ids }) });
  expect(res.status).toBe(200);
}

test('PA-E3: two alarms on one PV, acknowledged in either order: the mark shows one alarm, the most urgent unacknowledged one, else the highest active one, and its name lists both, on the station page and the process image', async ({
  context,
  plant,
}) => {
  // Two pages live at once, four acknowledgements; PA-E1 takes 1.9 min on a loaded day.
  test.setTimeout(180_000);
  const api = await signInHttp(plant.url, 'operator');
  const dashboards = await json<DashboardConfigResult>(api, DASHBOARD_API.config);
  const first = dashboards.dashboards[0]!.tiles.find(
    (t) => t.displayStyle === 'CircularGauge',
  )!.pv!;
  const stationNr = Math.floor(first.nr / 100_000);
  const stations = await json<Station[]>(api, API.station.all);
  const image = stations.find((s) => s.id === stationNr)!.processImage!;

  const station = await context.newPage();
  await station.setViewportSize({ width: 1920, height: 1080 });
  await signIn(station, 'operator', `/stations/${stationNr}`);
  const processImage = await context.newPage();
  await processImage.goto(`/process-images/${encodeURIComponent(image)}`);
  await expect(processImage.locator('text.pi-value').first()).toBeVisible();
  const originals: [PvRef, PvLimitConfig[]][] = [];
  /** Crosses ogw (priority 1) and mogw (priority 5) of `pv`; true once both alarms are raised. */
  const crossTwo = async (pv: PvRef): Promise<boolean> => {
    originals.push([pv, await crossLimits(api, pv, { Top: 1, TopMiddle: 5 })]);
    try {
      await expect
        .poll(async () => (await alertsOf(api, pv)).filter((a) => !a.cleared).length, {
          timeout: 10_000,
        })
        .toBe(2);
      return true;
    } catch {
      return false;
    }
  };
  const row = (pv: PvRef) => stationRow(station, pv);
  const piValue = (pv: PvRef) => processImage.locator(`text.pi-value[data-pv="${pvUrlId(pv)}"]`);
  const piMark = (pv: PvRef) =>
    piValue(pv).locator('xpath=preceding-sibling::*[@class="pi-alarm-mark"][1]');
  /** Both views show the one alarm `priority`/`phase`; the name lists `named` in order. */
  const expectMark = async (pv: PvRef, priority: number, phase: string, named: RegExp) => {
    await expect(row(pv)).toHaveAttribute('data-alarm-priority', String(priority));
    await expect(row(pv)).toHaveAttribute('data-alarm', phase);
    const mark = row(pv).locator('.alarm-mark');
    await expect(mark).toHaveAttribute('data-priority', String(priority));
    await expect(mark).toHaveAttribute('data-phase', phase);
    await expect(mark.locator('text')).toHaveText(String(priority));
    await expect(mark).toHaveAttribute('aria-label', named);
    await expect(piValue(pv)).toHaveAttribute('data-alarm-priority', String(priority));
    await expect(piValue(pv)).toHaveAttribute('data-alarm', phase);
    await expect(piMark(pv)).toHaveAttribute('data-phase', phase);
    await expect(piMark(pv)).toHaveAttribute('aria-label', named);
  };

  let second: PvRef | null = null;
  try {
    expect(await crossTwo(first)).toBe(true);
    // A second analogue value of the same image whose value lies above its domain's minimum
    // (so moving its limits there raises both alarms), for the other order.
    const onImage = await processImage
      .locator('text.pi-value[data-pv^="AnaIn-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-pv')!));
    for (const id of onImage) {
      const nr = Number(id.slice('AnaIn-'.length));
      if (nr === first.nr || Math.floor(nr / 100_000) !== stationNr) continue;
      const pv: PvRef = { type: 'AnaIn', nr };
      const limits = await json<unknown[]>(api, ACTION_EXTRA_API.limitConfigs, [pv]);
      if (limits.length !== 4) continue;
      if (await crossTwo(pv)) {
        second = pv;
        break;
      }
    }
    expect(second, 'a second analogue value on the image that goes into alarm').not.toBeNull();
    for (const pv of [first, second!]) {
      await row(pv).scrollIntoViewIfNeeded();
      await expectMark(
        pv,
        1,
        'unacknowledged',
        /^Alarm Priorität 1, nicht quittiert: [^;]+; Alarm Priorität 5, nicht quittiert: /,
      );
    }

    // The order: the priority-1 alarm acknowledged first. The mark shows the
    // priority-5 one, unacknowledged; never the priority-1 square as unacknowledged.
    await ackPriority(api, first, 1);
    await expectMark(
      first,
      5,
      'unacknowledged',
      /^Alarm Priorität 5, nicht quittiert: [^;]+; Alarm Priorität 1, quittiert, steht noch an: /,
    );
    await row(first).scrollIntoViewIfNeeded();
    await station.screenshot({ path: 'test-results/two-alarms-one-acked-de-1920.png' });
    await station.setViewportSize({ width: 360, height: 780 });
    await row(first).scrollIntoViewIfNeeded();
    await station.screenshot({ path: 'test-results/two-alarms-one-acked-de-360.png' });
    await station.setViewportSize({ width: 1920, height: 1080 });
    await ackPriority(api, first, 5);
    await expectMark(
      first,
      1,
      'acknowledged',
      /^Alarm Priorität 1, quittiert, steht noch an: [^;]+; Alarm Priorität 5, quittiert, steht noch an: /,
    );

    // The other order: the priority-5 alarm first. The priority-1 one stays the mark.
    await ackPriority(api, second!, 5);
    await expectMark(
      second!,
      1,
      'unacknowledged',
      /^Alarm Priorität 1, nicht quittiert: [^;]+; Alarm Priorität 5, quittiert, steht noch an: /,
    );
    await ackPriority(api, second!, 1);
    await expectMark(second!, 1, 'acknowledged', /^Alarm Priorität 1, quittiert, steht noch an: /);
  } finally {
    for (const [pv, original] of originals) await restoreLimits(api, pv, original);
  }
});

/** A Web Audio stand-in: counts the horn's looped cycles started (`__beeps`) and sounding now
 * (`__sounding`), starts suspended like a page without a tap. */
const FAKE_AUDIO = `(() => {
  window.__beeps = 0;
  window.__sounding = 0;
  const node = () => ({ type: '', frequency: { value: 0 }, connect: (n) => n, start() {}, stop() {} });
  const gain = () => ({ gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (n) => n });
  class FakeOfflineAudioContext {
    constructor(channels, length, sampleRate) { this.length = length; this.sampleRate = sampleRate; this.destination = {}; }
    createOscillator() { return node(); }
    createGain() { return gain(); }
    createConstantSource() { return { offset: { value: 0 }, connect: (n) => n, start() {}, stop() {} }; }
    startRendering() { return Promise.resolve({ duration: this.length / this.sampleRate }); }
  }
  class FakeAudioContext {
    constructor() { this.state = 'suspended'; this.currentTime = 0; this.sampleRate = 48000; this.destination = {}; }
    resume() { this.state = 'running'; return Promise.resolve(); }
    close() { this.state = 'closed'; return Promise.resolve(); }
    createBufferSource() {
      return { buffer: null, loop: false, connect() {}, disconnect() {},
        start() { if (this.loop && this.buffer) { window.__beeps++; window.__sounding++; } },
        stop() { if (this.loop && this.buffer) window.__sounding--; } };
    }
  }
  window.AudioContext = FakeAudioContext;
  window.OfflineAudioContext = FakeOfflineAudioContext;
})();`;

test('PA-E2: acknowledged and active stays listed and counted in two tabs; a phone row reads in full; the horn mutes, re-arms on a new priority-1 alarm, in every tab', async ({
  context,
  plant,
}) => {
  test.setTimeout(120_000);
  await context.addInitScript(FAKE_AUDIO);
  const api = await signInHttp(plant.url, 'operator');
  const dashboards = await json<DashboardConfigResult>(api, DASHBOARD_API.config);
  const singles = dashboards.dashboards[0]!.tiles.filter((t) => t.type === 'SingleValue');
  const first = singles.find((t) => t.displayStyle === 'CircularGauge')!.pv!;
  const second = singles.find((t) => t.displayStyle === 'VerticalGauge')!.pv!;

  const list = await context.newPage();
  await signIn(list, 'operator', '/alerts');
  const other = await context.newPage();
  await other.setViewportSize({ width: 360, height: 780 });
  await other.goto('/alerts');
  const horn = (page: Page) => page.locator('.alarm-banner-horn');
  // No tap on this page yet: the browser blocks sound, and the control says so.
  await expect(horn(other)).toHaveAttribute('data-horn', 'blocked');
  // The tap's pointerdown also unlocks sound for the whole page and may re-render the control
  // as armed before the click lands: that click must not mute it (taken apart here, so the
  // order is certain).
  await horn(other).dispatchEvent('pointerdown');
  await expect(horn(other)).toHaveAttribute('data-horn', 'armed');
  await horn(other).dispatchEvent('click');
  await expect(horn(other)).toHaveAttribute('data-horn', 'armed');

  const original = await crossLimits(api, first);
  const rowsOf = (page: Page) =>
    page.locator('.alert-scroll [data-alert-id]').filter({ hasText: 'Reinwasserbehälter' });
  await expect(rowsOf(list)).toHaveCount(2);
  await expect(horn(other)).toHaveAttribute('data-horn', 'sounding');
  const audio = (page: Page) =>
    page.evaluate(() => {
      const w = window as unknown as { __beeps: number; __sounding: number };
      return { beeps: w.__beeps, sounding: w.__sounding };
    });
  // One looped cycle sounds (the audio graph repeats it; the page builds nothing per beep).
  await expect.poll(async () => (await audio(other)).sounding).toBe(1);
  expect((await audio(other)).beeps).toBeGreaterThan(0);

  // 360 px: two alarms of one PV read apart; every line wraps instead of being cut.
  const phoneRows = rowsOf(other);
  await expect(phoneRows).toHaveCount(2);
  const texts = await phoneRows.locator('.col-text').allTextContents();
  expect(new Set(texts).size).toBe(2);
  for (const cell of await phoneRows.locator('.col-station, .col-source, .col-text').all()) {
    expect(await cell.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
  }
  await other.screenshot({ path: 'test-results/alarm-rows-360.png' });

  // Mute in one tab: every tab shows it muted.
  await horn(other).click();
  await expect(horn(other)).toHaveAttribute('data-horn', 'muted');
  await expect(horn(list)).toHaveAttribute('data-horn', 'muted');
  await expect.poll(async () => (await audio(other)).sounding).toBe(0);

  // Acknowledge both: they stay in the list as acknowledged while active, and are counted.
  const ids = (await alertsOf(api, first)).filter((a) => !a.cleared).map((a) => a.id);
  const ack = await api.fetch(ALERT_API.ack, { method: 'POST', body: JSON.stringify({ ids }) });
  expect(ack.status).toBe(200);
  for (const page of [list, other]) {
    await expect(rowsOf(page)).toHaveCount(2);
    await expect(rowsOf(page).first()).toHaveClass(/is-acknowledged/);
    await expect(page.locator('.alarm-banner')).toHaveClass(/has-active|has-alerts/);
  }
  await expect(list.locator('.alarm-banner-count')).toContainText(/aktive Meldung|unquittierte/);

  // A new priority-1 alarm after the mute re-arms the horn in every tab.
  const secondOriginal = await crossLimits(api, second);
  await expect(horn(list)).toHaveAttribute('data-horn', /sounding|blocked/);
  await expect(horn(other)).toHaveAttribute('data-horn', 'sounding');
  await expect.poll(async () => (await audio(other)).sounding).toBe(1);

  // Back to normal: acknowledged ones leave the list.
  await restoreLimits(api, first, original);
  await expect(rowsOf(list)).toHaveCount(0, { timeout: 20_000 });
  await restoreLimits(api, second, secondOriginal);
});
