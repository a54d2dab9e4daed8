/**
 * The Modbus TCP and OPC UA kinds of the plant file (issue 56): every example in examples/ is a
 * valid plant file, a source the connector could not read is a file error with its line, and a
 * station of either kind gets its real connector (OPC UA's loaded only when it starts).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlantFile, parsePlantFile, PlantFileError } from '../../../server/field/plantFile.ts';
import { createConnector, type FieldPoint } from '../../../server/field/kinds.ts';
import { LoadingConnector } from '../../../server/field/LoadingConnector.ts';
import { ModbusConnector } from '../../../server/field/modbus/ModbusConnector.ts';

const context = {
  env: {},
  stationNumber: 42,
  stationName: 'Pumpwerk Süd',
  pkiDir: '/nonexistent/pki',
  log: () => undefined,
};

function issuesOf(text: string): Array<{ line: number | null; path: string; message: string }> {
  try {
    parsePlantFile(text, 'plant.yaml');
  } catch (err) {
    expect(err).toBeInstanceOf(PlantFileError);
    return (err as PlantFileError).issues.map(({ line, path, message }) => ({
      line,
      path,
      message,
    }));
  }
  throw new Error('the file was accepted');
}

const station = (connection: string, source: string, kind = 'AnaIn') => `stations:
  - number: 42
    name: Pumpwerk Süd
    connection: ${connection}
    pvs:
      - id: a
        kind: ${kind}
        name: A
        source: ${source}
`;
const MODBUS = '{ type: modbus, host: 127.0.0.1 }';

describe('field kinds: Modbus TCP and OPC UA', () => {
  it('FK1 every plant file in examples/ passes the plant-file loader', () => {
    const files = readdirSync('examples').filter((f) => /\.ya?ml$/.test(f));
    expect(files).toEqual(
      expect.arrayContaining(['modbus.yaml', 'opcua.yaml', 'mqtt.yaml', 'sparkplug.yaml']),
    );
    for (const file of files) {
      const plant = loadPlantFile(join('examples', file));
      expect(plant.stations.length, file).toBeGreaterThan(0);
    }
    const modbus = loadPlantFile('examples/modbus.yaml').stations[0]!;
    expect(modbus.connection).toMatchObject({ type: 'modbus', host: '127.0.0.1', port: 5020 });
    expect(modbus.pvs.find((p) => p.id === 'flow')!.source).toEqual({
      table: 'input',
      address: 2,
      type: 'float32',
      wordOrder: 'little',
      scale: 1,
      offset: 0,
      pollGroup: 'default',
    });
  });

  it('FK2 a Modbus source the connector could not read is a file error at its line', () => {
    expect(issuesOf(station(MODBUS, '{ table: holding, address: 1, type: bool }'))).toEqual([
      {
        line: 9,
        path: 'stations[0].pvs[0].source.type',
        message: 'a holding register is int16, uint16, int32, uint32 or float32',
      },
    ]);
    expect(
      issuesOf(station(MODBUS, '{ table: coil, address: 1, type: int16 }', 'DigiOut')),
    ).toEqual([{ line: 9, path: 'stations[0].pvs[0].source.type', message: 'a coil is bool' }]);
    expect(
      issuesOf(station(MODBUS, '{ table: input, address: 1, type: int16, scale: 0 }')),
    ).toEqual([
      { line: 9, path: 'stations[0].pvs[0].source.scale', message: 'scale must not be 0' },
    ]);
  });

  it('FK3 an OPC UA connection takes trustServerOnFirstUse, and its security mode and policy go together', () => {
    const ok = parsePlantFile(
      station(
        '{ type: opcua, endpoint: "opc.tcp://127.0.0.1:4840", securityMode: SignAndEncrypt, securityPolicy: Basic256Sha256, trustServerOnFirstUse: true }',
        '{ nodeId: "ns=1;s=Level" }',
      ),
      'plant.yaml',
    );
    expect(ok.stations[0]!.connection).toMatchObject({ trustServerOnFirstUse: true });
    expect(
      issuesOf(
        station(
          '{ type: opcua, endpoint: "opc.tcp://127.0.0.1:4840", securityMode: None, securityPolicy: Basic256Sha256 }',
          '{ nodeId: "ns=1;s=Level" }',
        ),
      ),
    ).toEqual([
      {
        line: 4,
        path: 'stations[0].connection.securityPolicy',
        message: 'securityMode None goes with securityPolicy None, and only with it',
      },
    ]);
  });

  it('FK4 a Modbus station gets the Modbus connector; an OPC UA station one that loads node-opcua only when it starts', async () => {
    const modbus = loadPlantFile('examples/modbus.yaml').stations[0]!;
    const points: FieldPoint<unknown>[] = modbus.pvs.map((p) => ({
      id: p.id,
      kind: p.kind,
      source: p.source,
      readOnly: p.readOnly,
    }));
    const connector = createConnector(modbus.connection, points, context);
    expect(connector).toBeInstanceOf(ModbusConnector);
    // The poll plan shows each point went in with its source: the fast group's inputs in one read.
    const plans = (connector as ModbusConnector).plans;
    expect([...plans.keys()].sort()).toEqual(['default', 'fast', 'slow']);

    const opcua = loadPlantFile('examples/opcua.yaml').stations[0]!;
    const lazy = createConnector(
      opcua.connection,
      opcua.pvs.map((p) => ({ id: p.id, kind: p.kind, source: p.source, readOnly: p.readOnly })),
      context,
    );
    expect(lazy).toBeInstanceOf(LoadingConnector);
    // Not started: a write is refused as not connected, nothing to stop.
    await expect(lazy.write('speedSetpoint', 50)).resolves.toEqual({
      ok: false,
      reason: 'not connected',
    });
    await lazy.stop();
  });
});
