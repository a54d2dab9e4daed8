/**
 * The plant file (PEGEL_PLANT_FILE, issue 56): the examples are valid, PV numbers are stable,
 * and a wrong file names file, line, key path and what was expected.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  loadPlantFile,
  parsePlantFile,
  plantFileJsonSchema,
  PlantFileError,
} from '../../../server/field/plantFile.ts';
import { CONNECTION_KINDS } from '../../../server/field/kinds.ts';
import { PLANT_SCHEMA_FILE } from '../../../scripts/plant-schema.ts';

function issuesOf(text: string) {
  try {
    parsePlantFile(text, 'plant.yaml');
  } catch (err) {
    expect(err).toBeInstanceOf(PlantFileError);
    return { message: (err as PlantFileError).message, issues: (err as PlantFileError).issues };
  }
  throw new Error('the file was accepted');
}

describe('plant file', () => {
  it('PF1 the examples are valid plant files', () => {
    const mqtt = loadPlantFile('examples/mqtt.yaml');
    expect(mqtt.stations[0]!.connection.type).toBe('mqtt');
    expect(mqtt.stations[0]!.pvs.map((p) => p.ref)).toEqual([
      { type: 'AnaIn', nr: 4100001 },
      { type: 'AnaIn', nr: 4100002 },
      { type: 'DigiIn', nr: 4100001 },
      { type: 'DigiOut', nr: 4100001 },
      { type: 'AnaOut', nr: 4100001 },
      { type: 'ZaehlWert', nr: 41001 },
      { type: 'DigiIn', nr: 4100002 },
    ]);
    const sparkplug = loadPlantFile('examples/sparkplug.yaml');
    expect(sparkplug.stations[0]!.pvs[0]!.source).toEqual({
      group: 'Wasser',
      edgeNode: 'PW-Sued',
      device: 'PLC1',
      metric: 'Net/Pressure',
    });
  });

  it('PF2 a wrong file names file, line, key path and what was expected, for every station', () => {
    const { message, issues } = issuesOf(
      [
        'stations:', //                                    1
        '  - number: 3', //                                2
        '    name: Pumpwerk', //                           3
        '    connection:', //                              4
        '      type: mqtt', //                             5
        '      url: "mqtt://broker:1883"', //              6
        '    pvs:', //                                     7
        '      - id: p', //                                8
        '        kind: AnaIn', //                          9
        '        name: Druck', //                          10
        '        decimals: two', //                        11
        '        source:', //                              12
        '          value: /v', //                          13
        '      - id: q', //                                14
        '        kind: Analog', //                         15
        '        name: X', //                              16
        '        colour: red', //                          17
        '        source: { topic: a }', //                 18
        '  - number: 4', //                                19
        '    name: B', //                                  20
        '    connection: { type: carrier-pigeon }', //     21
        '',
      ].join('\n'),
    );
    expect(issues).toEqual([
      {
        line: 11,
        path: 'stations[0].pvs[0].decimals',
        message: 'expected number, received string',
      },
      { line: 13, path: 'stations[0].pvs[0].source.topic', message: 'missing (expected string)' },
      {
        line: 15,
        path: 'stations[0].pvs[1].kind',
        message: 'expected one of "AnaIn", "DigiIn", "AnaOut", "DigiOut", "Counter"',
      },
      { line: 17, path: 'stations[0].pvs[1].colour', message: 'unknown key' },
      {
        line: 21,
        path: 'stations[1].connection.type',
        message: 'expected one of "mqtt", "sparkplug", "modbus", "opcua", "simulated"',
      },
    ]);
    expect(message).toContain('plant.yaml:11: stations[0].pvs[0].decimals: expected number');
  });

  it('PF3 YAML that does not parse, and an unreadable file, name the file and line', () => {
    expect(issuesOf('stations: [\n  - a').issues[0]).toMatchObject({ line: 2, path: '' });
    expect(() => loadPlantFile('/nonexistent/plant.yaml')).toThrow(
      /plant\.yaml:\?: \(file\): cannot be read/,
    );
  });

  it('PF4 numbers are stable: nr when given, else the next free one of its kind; clashes are errors', () => {
    const file = parsePlantFile(
      `stations:
  - number: 12
    name: S
    connection: { type: simulated }
    pvs:
      - { id: a, kind: AnaIn, name: A, nr: 1, source: {} }
      - { id: b, kind: AnaIn, name: B, source: {} }
      - { id: c, kind: DigiIn, name: C, source: {} }
      - { id: d, kind: AnaIn, name: D, nr: 2, source: {} }
      - { id: e, kind: Counter, name: E, source: {} }
`,
      'p.yaml',
    );
    expect(file.stations[0]!.pvs.map((p) => `${p.ref.type} ${p.ref.nr}`)).toEqual([
      'AnaIn 1200001',
      'AnaIn 1200003',
      'DigiIn 1200001',
      'AnaIn 1200002',
      'ZaehlWert 12001',
    ]);
    const { issues } = issuesOf(`stations:
  - number: 12
    name: S
    connection: { type: simulated }
    pvs:
      - { id: a, kind: AnaIn, name: A, nr: 1, source: {} }
      - { id: a, kind: AnaIn, name: B, nr: 1, source: {} }
  - number: 12
    name: T
    connection: { type: simulated }
    pvs:
      - { id: a, kind: DigiOut, name: A, limits: { top: { value: 1, priority: 1 } }, source: {} }
`);
    expect(issues.map((i) => `${i.line} ${i.path}: ${i.message}`)).toEqual([
      '7 stations[0].pvs[1].id: id "a" is taken by pvs[0]',
      '7 stations[0].pvs[1].nr: nr 1 of AnaIn is taken by pvs[0]',
      '12 stations[1].pvs[0].limits: only for AnaIn (this PV is DigiOut)',
    ]);
  });

  it('PF5 limits out of order and an unknown source key are refused', () => {
    const { issues } = issuesOf(`stations:
  - number: 1
    name: S
    connection: { type: mqtt, url: "mqtt://b:1883" }
    pvs:
      - id: a
        kind: AnaIn
        name: A
        limits: { bottom: { value: 5, priority: 1 }, top: { value: 2, priority: 1 } }
        source: { topic: t, register: 4 }
`);
    expect(issues.map((i) => `${i.line} ${i.path}`)).toEqual([
      '10 stations[0].pvs[0].source.register',
      '9 stations[0].pvs[0].limits.top.value',
    ]);
  });

  it('PF6 examples/plant.schema.json is the schema the server checks with (npx tsx scripts/plant-schema.ts)', () => {
    expect(JSON.parse(readFileSync(PLANT_SCHEMA_FILE, 'utf8'))).toEqual(plantFileJsonSchema());
  });

  it('PF7 the Modbus and OPC UA entries have the agreed shapes (the connectors’ own schemas)', () => {
    expect(CONNECTION_KINDS.modbus.connection.parse({ type: 'modbus', host: 'plc' })).toEqual({
      type: 'modbus',
      host: 'plc',
      port: 502,
      unitId: 1,
      timeoutMs: 2000,
      pollGroups: { default: 1000 },
    });
    expect(
      CONNECTION_KINDS.modbus.source.parse({ table: 'holding', address: 3, type: 'float32' }),
    ).toEqual({
      table: 'holding',
      address: 3,
      type: 'float32',
      wordOrder: 'big',
      scale: 1,
      offset: 0,
      pollGroup: 'default',
    });
    expect(CONNECTION_KINDS.opcua.source.parse({ nodeId: 'ns=2;s=Level' })).toEqual({
      nodeId: 'ns=2;s=Level',
      samplingIntervalMs: 1000,
    });
  });

  it('PF8 staleAfterMs: a station sets it for its PVs, a PV its own; the plant names itself and its time zone, with defaults', () => {
    const text = (plant: string) => `${plant}
stations:
  - number: 3
    name: S
    staleAfterMs: 30000
    connection: { type: simulated }
    pvs:
      - { id: a, kind: AnaIn, name: A, source: {} }
      - { id: b, kind: AnaIn, name: B, staleAfterMs: 5000, source: {} }
  - number: 4
    name: T
    connection: { type: simulated }
    pvs:
      - { id: a, kind: AnaIn, name: A, source: {} }
`;
    const file = parsePlantFile(
      text('plant: { name: Wasserverband Nord, timeZone: Europe/Prague }'),
      'p.yaml',
    );
    expect(file.plant).toEqual({ name: 'Wasserverband Nord', timeZone: 'Europe/Prague' });
    expect(file.stations[0]!.pvs.map((p) => p.staleAfterMs)).toEqual([30000, 5000]);
    expect(file.stations[1]!.pvs[0]!.staleAfterMs).toBeUndefined();
    expect(parsePlantFile(text(''), 'p.yaml').plant).toEqual({ name: 'Feldanlage' });
    const { issues } = issuesOf(text('plant: { name: N, timeZone: Mars/Olympus }'));
    expect(issues).toEqual([
      { line: 1, path: 'plant.timeZone', message: 'an IANA time zone such as Europe/Berlin' },
    ]);
    const schema = JSON.stringify(plantFileJsonSchema());
    expect(schema).toContain('Silence is not health');
    expect(schema).toContain("The plant's name in the client's header");
  });

  it("PF9 a station's energy metering names PVs of that station of the right kind", () => {
    const { issues } = issuesOf(`stations:
  - number: 3
    name: S
    energy: { installedKw: 50, power: kwh, volume: nowhere }
    connection: { type: simulated }
    pvs:
      - { id: kwh, kind: Counter, name: E, source: {} }
`);
    expect(issues).toEqual([
      {
        line: 4,
        path: 'stations[0].energy.power',
        message: 'must name a PV of kind AnaIn ("kwh" is Counter)',
      },
      {
        line: 4,
        path: 'stations[0].energy.volume',
        message: 'no PV with id "nowhere" in this station',
      },
    ]);
  });
});
