/**
 * Pegel on a real plant (issue 56): the server started on examples/mqtt.yaml and the station of
 * examples/sparkplug.yaml with a real Mosquitto; a value a device publishes shows on the station
 * page, the broker going away shows the station's values as not good and its return live again
 * without a reload, and a Sparkplug NDEATH shows the node's values lost. The rest of the product
 * says what the field plant has and no more: its own name, no leakage zones, no made-up alarm
 * plans, no energy metering the plant file does not declare.
 */
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { test as base, expect } from './fixtures.ts';
import { signIn } from './auth.ts';
import { startPlantServer, type PlantServerHandle } from '../support/plantServer.ts';
import { startMosquitto, type Mosquitto } from '../support/mosquitto.ts';
import { SparkplugNode } from '../support/sparkplugNode.ts';

const test = base.extend<object, { broker: Mosquitto; plant: PlantServerHandle }>({
  broker: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const broker = await startMosquitto();
      await use(broker);
      await broker.dispose();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  plant: [
    async ({ broker }, use) => {
      const dir = mkdtempSync(join(tmpdir(), 'pegel-e2e-plant-'));
      const file = join(dir, 'plant.yaml');
      // Station 41 of examples/mqtt.yaml and station 42 of examples/sparkplug.yaml.
      const sparkplug = readFileSync('examples/sparkplug.yaml', 'utf8').split(/^stations:\n/m)[1];
      writeFileSync(
        file,
        (readFileSync('examples/mqtt.yaml', 'utf8') + sparkplug).replaceAll(
          'mqtt://127.0.0.1:1883',
          broker.url,
        ),
      );
      const server = await startPlantServer({ env: { PEGEL_PLANT_FILE: file } });
      await use(server);
      await server.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

test('FP-E1: a value published to the broker shows on the station page; a lost broker shows it not good', async ({
  page,
  broker,
}) => {
  const device = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
  try {
    await signIn(page, 'operator', '/stations/41');
    const row = page.locator('[data-pv="AnaIn-4100001"]');
    await expect(row.locator('.pv-name').getByText('Füllstand', { exact: true })).toBeVisible();
    // Published until it shows: the server may still be subscribing when the page is there.
    await expect(async () => {
      await device.publishAsync('nord/level', JSON.stringify({ v: 3.42, q: 'good' }));
      await expect(row.locator('.pv-value-text')).toHaveText(/3,42/, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
  } finally {
    await device.endAsync(true);
  }
  await broker.stop();
  // Not good, with why in words (the station lost its link), without a reload.
  const row = page.locator('[data-pv="AnaIn-4100001"]');
  await expect(row.locator('.pv-value')).toHaveClass(/value-stale/, { timeout: 30_000 });
  await expect(row.locator('[data-stale]')).toBeVisible();
  await expect(row.locator('.pv-value-text')).toHaveText(/3,42/);
  // The PV's info names the field's reason.
  await row.getByRole('button', { name: 'Aktionen für Füllstand' }).click();
  await page.getByRole('button', { name: 'Informationen zu Füllstand' }).click();
  await expect(page.getByText('Grund der Qualität')).toBeVisible();
  // A lead in the user's language by the reason's kind, then the field's own words.
  await expect(page.locator('[data-quality-lead]')).toHaveText(
    'Verbindung zur Station unterbrochen',
  );
  await expect(page.locator('[data-quality-detail]')).toHaveText(/^link down/);
  await page.keyboard.press('Escape');

  // The broker is back: the server's connector reconnects by itself and the page follows.
  await broker.restart();
  const again = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
  try {
    await expect(async () => {
      await again.publishAsync('nord/level', JSON.stringify({ v: 3.57, q: 'good' }));
      await expect(row.locator('.pv-value-text')).toHaveText(/3,57/, { timeout: 1000 });
    }).toPass({ timeout: 60_000 });
    await expect(row.locator('.pv-value')).not.toHaveClass(/value-stale/, { timeout: 30_000 });
    await expect(row.locator('[data-stale]')).toHaveCount(0);
  } finally {
    await again.endAsync(true);
  }
});

test("FP-E2: a Sparkplug NDEATH shows the node's values lost on the station page, with why", async ({
  page,
  broker,
}) => {
  const node = await SparkplugNode.start(
    broker.url,
    'Wasser',
    'PW-Sued',
    'PLC1',
    [{ name: 'Cabinet/Temperature', alias: 100, type: 'Float', value: 24.5 }],
    [{ name: 'Net/Pressure', alias: 1, type: 'Double', value: 4.2 }],
  );
  try {
    await signIn(page, 'operator', '/stations/42');
    const row = page.locator('[data-pv="AnaIn-4200001"]');
    await expect(row.locator('.pv-name').getByText('Netzdruck', { exact: true })).toBeVisible();
    // Born until it shows: the server may still be subscribing when the page is there.
    await expect(async () => {
      await node.birth();
      await expect(row.locator('.pv-value-text')).toHaveText(/4,20/, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await node.deviceData(1, 'Double', 4.35);
    await expect(row.locator('.pv-value-text')).toHaveText(/4,35/, { timeout: 30_000 });
    await expect(row.locator('.pv-value')).not.toHaveClass(/value-stale/);

    await node.nodeDeath();
    // The station is lost (its dial state), and its values are stale with why.
    await expect(page.locator('[data-dial-state="ConnectionError"]').first()).toHaveText(
      /Verbindungsfehler/,
      { timeout: 30_000 },
    );
    await expect(row.locator('.pv-value')).toHaveClass(/value-stale/, { timeout: 30_000 });
    await expect(row.locator('[data-stale]')).toBeVisible();
    await expect(row.locator('.pv-value-text')).toHaveText(/4,35/);
    await row.getByRole('button', { name: 'Aktionen für Netzdruck' }).click();
    await page.getByRole('button', { name: 'Informationen zu Netzdruck' }).click();
    await expect(page.locator('[data-quality-reason]')).toHaveText(/NDEATH/);
  } finally {
    await node.close();
  }
});

test('FP-E3: a field plant shows its own name, and empty leakage, energy and remote-alarm pages with their reasons', async ({
  page,
}) => {
  const missing: string[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/api/') && res.status() === 404) missing.push(res.url());
  });
  await signIn(page, 'admin', '/leakage');
  await expect(page.locator('.plant-name-text')).toHaveText('Wasserverband Nord');
  await expect(page.getByText('Keine Versorgungszone eingerichtet.')).toBeVisible();
  await page.goto('/energy');
  await expect(page.getByText('Keine Station mit Energiemessung.')).toBeVisible();
  await page.goto('/remote-alarm/plans');
  await expect(page.getByText('Keine Alarmpläne eingerichtet.')).toBeVisible();
  await expect(page.getByText('Tagplan')).toHaveCount(0);
  await expect(page.getByText(/Talaue/)).toHaveCount(0);
  expect(missing).toEqual([]);
});
