/**
 * Pegel on field devices (issue 56): the server started on a plant file with a Modbus TCP station
 * (examples/modbus.yaml, read from a real pymodbus device) and an OPC UA station (a real
 * node-opcua server, SignAndEncrypt, its certificate trusted on first use), both on free ports.
 * A value changed at the device shows on the station page; a set value confirmed in the browser
 * reaches the device's register or node; a device switched off marks its values stale, and
 * switched on again brings them back without a reload. IDs FD-E1…FD-E3.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test as base, expect } from './fixtures.ts';
import { signIn } from './auth.ts';
import { startPlantServer, type PlantServerHandle } from '../support/plantServer.ts';
import { startModbusDevice, type ModbusDevice } from '../support/modbusDevice.ts';
import { startOpcuaDevice, type OpcuaDevice } from '../support/opcuaDevice.ts';

/** The OPC UA station: node-opcua's test device serves Level, Pump and Speed under ns=1. */
function opcuaStation(endpoint: string): string {
  return `
  - number: 43
    name: Pumpwerk West
    kind: pumpStation
    connection:
      type: opcua
      endpoint: ${endpoint}
      securityMode: SignAndEncrypt
      securityPolicy: Basic256Sha256
      trustServerOnFirstUse: true
    pvs:
      - id: level
        kind: AnaIn
        name: Füllstand Zulaufbecken
        unit: m
        decimals: 2
        min: 0
        max: 5
        source: { nodeId: 'ns=1;s=Level', samplingIntervalMs: 250 }
      - id: pump
        kind: DigiOut
        name: Pumpe 1
        states: { active: Ein, inactive: Aus }
        source: { nodeId: 'ns=1;s=Pump', samplingIntervalMs: 250 }
      - id: speed
        kind: AnaOut
        name: Drehzahl-Sollwert
        unit: '%'
        decimals: 1
        min: 0
        max: 100
        source: { nodeId: 'ns=1;s=Speed', samplingIntervalMs: 250 }
`;
}

interface Devices {
  modbus: ModbusDevice;
  opcua: OpcuaDevice;
}

const test = base.extend<object, { devices: Devices; plant: PlantServerHandle }>({
  devices: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const devices = { modbus: await startModbusDevice(), opcua: await startOpcuaDevice() };
      await use(devices);
      await devices.modbus.stop();
      await devices.opcua.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  plant: [
    async ({ devices }, use) => {
      const dir = mkdtempSync(join(tmpdir(), 'pegel-e2e-devices-'));
      const file = join(dir, 'plant.yaml');
      // examples/modbus.yaml as it stands, on the device's port, plus the OPC UA station.
      const modbus = readFileSync('examples/modbus.yaml', 'utf8').replace(
        'port: 5020',
        `port: ${devices.modbus.port}`,
      );
      writeFileSync(file, modbus + opcuaStation(devices.opcua.endpoint));
      const server = await startPlantServer({ env: { PEGEL_PLANT_FILE: file } });
      await use(server);
      await server.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

/** A value the device has: shown, and not marked stale. */
async function expectLive(row: Locator, text: RegExp): Promise<void> {
  await expect(row.locator('.pv-value-text')).toHaveText(text, { timeout: 60_000 });
  await expect(row.locator('.pv-value')).not.toHaveClass(/value-stale/, { timeout: 60_000 });
  await expect(row.locator('[data-stale]')).toHaveCount(0);
}

/** Sets an analogue output through its actions, the set-value dialog and the confirm step. */
async function setValue(page: Page, row: Locator, name: string, value: string): Promise<void> {
  await row.getByRole('button', { name: `Aktionen für ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Wert setzen: ${name}` });
  await dialog.getByLabel('Neuer Wert').fill(value);
  await dialog.getByRole('button', { name: 'Wert setzen' }).click();
  const step = page.getByRole('alertdialog', { name: 'Befehl bestätigen' });
  await expect(step).toContainText(name);
  await step.getByRole('button', { name: 'Senden', exact: true }).click();
  await expect(step).toBeHidden();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
}

test('FD-E1: a value changed at a Modbus device and at an OPC UA device shows on its station page', async ({
  page,
  devices,
}) => {
  await signIn(page, 'operator', '/stations/42');
  // wellLevel: input register 0, 0…5000 mm, polled every 500 ms (poll group fast).
  const well = page.locator('[data-pv="AnaIn-4200001"]');
  await expect(well.locator('.pv-name')).toHaveText(/Füllstand Pumpensumpf/);
  await devices.modbus.set('ir', 0, [3420]);
  await expectLive(well, /^3,42/);
  await devices.modbus.set('ir', 0, [1875]);
  await expectLive(well, /^1,88/);

  await page.goto('/stations/43');
  const level = page.locator('[data-pv="AnaIn-4300001"]');
  await expect(level.locator('.pv-name')).toHaveText(/Füllstand Zulaufbecken/);
  devices.opcua.set('Level', 3.21);
  await expectLive(level, /^3,21/);
  devices.opcua.set('Level', 1.07);
  await expectLive(level, /^1,07/);
});

test('FD-E2: a set value confirmed in the browser reaches the Modbus register and the OPC UA node', async ({
  page,
  devices,
}) => {
  await signIn(page, 'operator', '/stations/42');
  // levelSetpoint: holding register 10, int16 in cm (scale 0.01), FC6.
  const setpoint = page.locator('[data-pv="AnaOut-4200001"]');
  await expect(setpoint.locator('.pv-name')).toHaveText(/Einschaltpunkt Pumpe 1/);
  await setValue(page, setpoint, 'Einschaltpunkt Pumpe 1', '2,35');
  await expect.poll(() => devices.modbus.get('hr', 10, 1), { timeout: 30_000 }).toEqual([235]);
  // The page shows it once the device reports it back.
  await expectLive(setpoint, /^2,35/);

  await page.goto('/stations/43');
  const speed = page.locator('[data-pv="AnaOut-4300001"]');
  await expect(speed.locator('.pv-name')).toHaveText(/Drehzahl-Sollwert/);
  await expectLive(speed, /^0,0/);
  await setValue(page, speed, 'Drehzahl-Sollwert', '55');
  await expect.poll(() => devices.opcua.get('Speed'), { timeout: 30_000 }).toBe(55);
  await expectLive(speed, /^55,0/);
});

test('FD-E3: a device switched off marks its values stale; switched on again they are live without a reload', async ({
  page,
  devices,
}) => {
  await signIn(page, 'operator', '/stations/42');
  const well = page.locator('[data-pv="AnaIn-4200001"]');
  await devices.modbus.set('ir', 0, [2500]);
  await expectLive(well, /^2,50/);
  await devices.modbus.stop();
  await expect(well.locator('.pv-value')).toHaveClass(/value-stale/, { timeout: 30_000 });
  await expect(well.locator('[data-stale]')).toBeVisible();
  await expect(well.locator('.pv-value-text')).toHaveText(/^2,50/);
  // The same device on the same port, its registers empty until set.
  devices.modbus = await startModbusDevice(devices.modbus.port);
  await devices.modbus.set('ir', 0, [2750]);
  await expectLive(well, /^2,75/);

  await page.goto('/stations/43');
  const level = page.locator('[data-pv="AnaIn-4300001"]');
  devices.opcua.set('Level', 2.22);
  await expectLive(level, /^2,22/);
  await devices.opcua.shutdown();
  await expect(level.locator('.pv-value')).toHaveClass(/value-stale/, { timeout: 30_000 });
  await expect(level.locator('[data-stale]')).toBeVisible();
  await expect(level.locator('.pv-value-text')).toHaveText(/^2,22/);
  // Switched on again: a new server on the same port, every session and subscription gone.
  await devices.opcua.restart();
  devices.opcua.set('Level', 2.44);
  await expectLive(level, /^2,44/);
});
