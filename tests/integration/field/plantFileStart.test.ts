/**
 * PEGEL_PLANT_FILE at start (issue 56): a wrong plant file stops `npm start` with file, line, key
 * path and what was expected, and no stack; a valid one starts the server on the field plant.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startPlantServer } from '../../support/plantServer.ts';
import { signInHttp } from '../../support/login.ts';
import type { StationOverview } from '../../../src/contract/plant.ts';

const dir = mkdtempSync(join(tmpdir(), 'pegel-plantfile-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('PEGEL_PLANT_FILE at start', () => {
  it('PS1 a wrong plant file stops the start with file, line, key path and what was expected', async () => {
    const file = join(dir, 'wrong.yaml');
    writeFileSync(
      file,
      [
        'stations:',
        '  - number: 1',
        '    name: Nord',
        '    connection: { type: mqtt, url: "mqtt://127.0.0.1:1" }',
        '    pvs:',
        '      - { id: a, kind: AnaIn, name: A, decimals: -1, source: { topic: t } }',
        '',
      ].join('\n'),
    );
    const started = startPlantServer({ env: { PEGEL_PLANT_FILE: file } });
    await expect(started).rejects.toThrow(/server exited with 1/);
    const message = await started.catch((err: Error) => err.message);
    expect(message).toContain(
      `${file}:6: stations[0].pvs[0].decimals: Too small: expected number to be >=0`,
    );
    expect(message).not.toMatch(/\n\s+at /);
  }, 90_000);

  it('PS3 a station that cannot start (its credentials are not set) stops the start saying which and why', async () => {
    const file = join(dir, 'nocredentials.yaml');
    writeFileSync(
      file,
      `stations:
  - number: 9
    name: Ost
    connection: { type: mqtt, url: "mqtt://127.0.0.1:1", credentialsEnv: PEGEL_TEST_NOT_SET }
    pvs:
      - { id: a, kind: AnaIn, name: A, source: { topic: t } }
`,
    );
    const message = await startPlantServer({ env: { PEGEL_PLANT_FILE: file } }).then(
      async (server) => {
        await server.dispose();
        return 'started';
      },
      (err: Error) => err.message,
    );
    expect(message).toContain(
      'Field station 9 (Ost, mqtt): PEGEL_TEST_NOT_SET_USERNAME is not set (credentialsEnv: PEGEL_TEST_NOT_SET)',
    );
    expect(message).not.toMatch(/\n\s+at /);
  }, 90_000);

  it('PS2 a valid plant file starts the server on the field plant (a simulated station)', async () => {
    const file = join(dir, 'plant.yaml');
    writeFileSync(
      file,
      `stations:
  - number: 3
    name: Inbetriebnahme
    connection: { type: simulated }
    pvs:
      - { id: t, kind: AnaIn, name: Temperatur, unit: °C, source: { value: 12 } }
`,
    );
    const server = await startPlantServer({ env: { PEGEL_PLANT_FILE: file } });
    try {
      const op = await signInHttp(server.url);
      const res = await op.fetch('/api/station/GetAllStations');
      const stations = (await res.json()) as StationOverview[];
      expect(stations.map((s) => [s.stationNumber, s.name, s.dialState])).toEqual([
        [3, 'Inbetriebnahme', 'Connected'],
      ]);
    } finally {
      await server.dispose();
    }
  }, 90_000);
});
