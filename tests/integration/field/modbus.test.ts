import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ModbusConnector } from '../../../server/field/modbus/ModbusConnector.ts';
import { createModbusConnector } from '../../../server/field/modbus/ModbusConnector.ts';
import { decodeRegisters, encodeRegisters, planReads } from '../../../server/field/modbus/codec.ts';
import {
  modbusConnectionSchema,
  modbusPointSchema,
  modbusSourceSchema,
  type ModbusPointConfig,
} from '../../../server/field/modbus/schema.ts';
import type { Connector } from '../../../server/field/connector.ts';
import { CONDITION_WAIT_MS } from '../../support/testSize.ts';
import {
  recordingSink,
  startModbusDevice,
  type ModbusDevice,
  type RecordedSink,
} from '../../support/modbusDevice.ts';

/**
 * The Modbus TCP connector against a real device (pymodbus's server in a child process), issue
 * 56. Every wait ends on its condition; the reconnect delay is capped at 300 ms so a restart is
 * seen quickly however the backoff stands.
 */

const WAIT = { timeout: CONDITION_WAIT_MS, interval: 50 };
const open: Array<{ stop(): Promise<void> }> = [];

afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.stop();
});

function point(input: Record<string, unknown>): ModbusPointConfig {
  return modbusPointSchema.parse(input);
}

async function device(port?: number): Promise<ModbusDevice> {
  const started = await startModbusDevice(port);
  open.push(started);
  return started;
}

function connect(
  port: number,
  points: readonly ModbusPointConfig[],
): { connector: Connector; sink: RecordedSink } {
  const connection = modbusConnectionSchema.parse({
    type: 'modbus',
    host: '127.0.0.1',
    port,
    timeoutMs: 1000,
    pollGroups: { default: 100, slow: 400 },
  });
  const connector = createModbusConnector(connection, points, { backoffCapMs: 300 });
  const sink = recordingSink();
  connector.start(sink);
  open.push(connector);
  return { connector, sink };
}

function valueOf(sink: RecordedSink, pointId: string): unknown {
  const sample = sink.latest.get(pointId);
  return sample?.quality === 'Good' ? sample.value : undefined;
}

const TYPED = [
  point({ pointId: 'level', table: 'holding', address: 0, type: 'int16' }),
  point({ pointId: 'flow', table: 'holding', address: 1, type: 'uint16', scale: 0.1 }),
  point({ pointId: 'i32big', table: 'holding', address: 2, type: 'int32' }),
  point({ pointId: 'i32little', table: 'holding', address: 4, type: 'int32', wordOrder: 'little' }),
  point({ pointId: 'u32', table: 'holding', address: 6, type: 'uint32' }),
  point({ pointId: 'f32big', table: 'holding', address: 8, type: 'float32' }),
  point({
    pointId: 'f32little',
    table: 'holding',
    address: 10,
    type: 'float32',
    wordOrder: 'little',
  }),
  point({
    pointId: 'pressure',
    table: 'input',
    address: 0,
    type: 'int16',
    scale: 0.01,
    offset: -10,
    pollGroup: 'slow',
  }),
  point({ pointId: 'pump', table: 'coil', address: 0, type: 'bool' }),
  point({ pointId: 'door', table: 'discreteInput', address: 3, type: 'bool' }),
];

/** Words of a float32 as big-endian registers. */
function floatWords(value: number): [number, number] {
  const buffer = Buffer.alloc(4);
  buffer.writeFloatBE(value, 0);
  return [buffer.readUInt16BE(0), buffer.readUInt16BE(2)];
}

// Some tests wait on several conditions in turn: room on a busy machine.
describe('Modbus TCP connector (issue 56)', { timeout: 60_000 }, () => {
  it('MB1 plans contiguous points in as few requests as 125 registers / 2000 bits allow', () => {
    const registers = Array.from({ length: 130 }, (_, i) =>
      point({ pointId: `r${i}`, table: 'holding', address: i, type: 'uint16' }),
    );
    const coils = Array.from({ length: 2001 }, (_, i) =>
      point({ pointId: `c${i}`, table: 'coil', address: i, type: 'bool' }),
    );
    const apart = [
      point({ pointId: 'a', table: 'holding', address: 500, type: 'uint16' }),
      point({ pointId: 'b', table: 'holding', address: 502, type: 'float32' }),
    ];
    const plans = planReads([...registers, ...coils, ...apart], 1);
    expect(plans.map((p) => [p.table, p.address, p.count])).toEqual([
      ['holding', 0, 125],
      ['holding', 125, 5],
      ['holding', 500, 1],
      ['holding', 502, 2],
      ['coil', 0, 2000],
      ['coil', 2000, 1],
    ]);
    // A float32 never straddles two requests.
    const straddling = [
      ...registers.slice(0, 124),
      point({ pointId: 'f', table: 'holding', address: 124, type: 'float32' }),
    ];
    expect(planReads(straddling, 1).map((p) => [p.address, p.count])).toEqual([
      [0, 124],
      [124, 2],
    ]);
  });

  it('MB2 reads every type with its word order, scale and offset, then a change at the device', async () => {
    const dev = await device();
    const [f1, f2] = floatWords(12.5);
    const [g1, g2] = floatWords(-0.75);
    // level -5; flow 1234 → 123.4; int32 -100000 big (0xfffe 0x7960) and little;
    // uint32 3,000,000,000 (0xb2d0 0x5e00); float32 12.5 big, -0.75 little.
    await dev.set('hr', 0, [65531, 1234, 0xfffe, 0x7960, 0x7960, 0xfffe, 0xb2d0, 0x5e00]);
    await dev.set('hr', 8, [f1, f2, g2, g1]);
    await dev.set('ir', 0, [1500]);
    await dev.set('co', 0, [1]);
    await dev.set('di', 3, [1]);
    const { connector, sink } = connect(dev.port, TYPED);
    expect((connector as ModbusConnector).plans.get('default')?.length).toBe(3);

    await vi.waitFor(() => {
      expect(Object.fromEntries(TYPED.map((p) => [p.pointId, valueOf(sink, p.pointId)]))).toEqual({
        level: -5,
        flow: expect.closeTo(123.4, 6) as unknown,
        i32big: -100000,
        i32little: -100000,
        u32: 3_000_000_000,
        f32big: 12.5,
        f32little: -0.75,
        pressure: expect.closeTo(5, 6) as unknown,
        pump: true,
        door: true,
      });
    }, WAIT);
    expect(sink.state()).toBe('up');

    await dev.set('hr', 0, [42]);
    await dev.set('co', 0, [0]);
    await vi.waitFor(() => {
      expect(valueOf(sink, 'level')).toBe(42);
      expect(valueOf(sink, 'pump')).toBe(false);
    }, WAIT);
  });

  it('MB3 an exception response marks only the points of its request, with the reason', async () => {
    const dev = await device();
    await dev.set('hr', 100, [7]);
    await dev.set('hr', 200, [8]);
    const points = [
      point({ pointId: 'broken', table: 'holding', address: 100, type: 'uint16' }),
      point({ pointId: 'fine', table: 'holding', address: 200, type: 'uint16' }),
    ];
    const { sink } = connect(dev.port, points);
    await vi.waitFor(() => expect(valueOf(sink, 'broken')).toBe(7), WAIT);

    await dev.fail('hr', 100, 100);
    await vi.waitFor(() => {
      expect(sink.latest.get('broken')).toMatchObject({
        quality: 'Bad',
        value: null,
        reason: 'Modbus exception 2 (illegal data address)',
      });
    }, WAIT);
    expect(sink.badInputs).toContainEqual(
      expect.objectContaining({ reason: 'modbus-exception' }) as unknown,
    );
    await dev.set('hr', 200, [9]);
    await vi.waitFor(() => expect(valueOf(sink, 'fine')).toBe(9), WAIT);
    expect(sink.state()).toBe('up');
    // Reported once when it starts, not on every poll.
    expect(sink.badInputs.filter((b) => b.reason === 'modbus-exception')).toHaveLength(1);

    await dev.heal('hr');
    await vi.waitFor(() => expect(valueOf(sink, 'broken')).toBe(7), WAIT);
  });

  it('MB4 a device switched off is a lost link; switched on again on its port, values come back', async () => {
    const dev = await device();
    await dev.set('hr', 0, [11]);
    const points = [point({ pointId: 'level', table: 'holding', address: 0, type: 'int16' })];
    const { sink } = connect(dev.port, points);
    await vi.waitFor(() => expect(valueOf(sink, 'level')).toBe(11), WAIT);

    await dev.stop();
    await vi.waitFor(() => expect(sink.state()).toBe('down'), WAIT);
    expect(sink.links.at(-1)?.reason).toBeTruthy();
    // While it is off the connector keeps trying (down again after each attempt).
    const downs = sink.links.filter((l) => l.state === 'down').length;
    await vi.waitFor(
      () => expect(sink.links.filter((l) => l.state === 'down').length).toBeGreaterThan(downs + 1),
      WAIT,
    );

    const again = await device(dev.port);
    await again.set('hr', 0, [12]);
    await vi.waitFor(() => {
      expect(sink.state()).toBe('up');
      expect(valueOf(sink, 'level')).toBe(12);
    }, WAIT);
  });

  it('MB4b a device that loses power while a request is in flight comes back too', async () => {
    const dev = await device();
    await dev.set('hr', 0, [31]);
    const points = [point({ pointId: 'level', table: 'holding', address: 0, type: 'int16' })];
    let lastCycle = Date.now();
    const connection = modbusConnectionSchema.parse({
      type: 'modbus',
      host: '127.0.0.1',
      port: dev.port,
      timeoutMs: 5000,
      pollGroups: { default: 100 },
    });
    const connector = createModbusConnector(connection, points, {
      backoffCapMs: 300,
      onPollCycle: () => {
        lastCycle = Date.now();
      },
    });
    const sink = recordingSink();
    connector.start(sink);
    open.push(connector);
    await vi.waitFor(() => expect(valueOf(sink, 'level')).toBe(31), WAIT);

    // Frozen, a poll is soon waiting for its answer (no cycle ends); then the power goes.
    dev.pause();
    await vi.waitFor(() => expect(Date.now() - lastCycle).toBeGreaterThan(500), WAIT);
    await dev.stop();
    await vi.waitFor(() => expect(sink.state()).toBe('down'), WAIT);
    const again = await device(dev.port);
    await again.set('hr', 0, [32]);
    await vi.waitFor(() => {
      expect(sink.state()).toBe('up');
      expect(valueOf(sink, 'level')).toBe(32);
    }, WAIT);
  });

  it('MB5 a device that stops answering (sockets open) is a lost link after the timeout, and heals', async () => {
    const dev = await device();
    await dev.set('hr', 0, [21]);
    const points = [point({ pointId: 'level', table: 'holding', address: 0, type: 'int16' })];
    const { sink } = connect(dev.port, points);
    await vi.waitFor(() => expect(valueOf(sink, 'level')).toBe(21), WAIT);

    dev.pause();
    await vi.waitFor(() => expect(sink.state()).toBe('down'), WAIT);
    expect(sink.links.at(-1)?.reason).toContain('timed out');
    dev.resume();
    await dev.set('hr', 0, [22]);
    await vi.waitFor(() => {
      expect(sink.state()).toBe('up');
      expect(valueOf(sink, 'level')).toBe(22);
    }, WAIT);
  });

  it('MB6 writes reach the device: FC6, FC16 in word order with inverse scale, FC5', async () => {
    const dev = await device();
    const points = [
      point({ pointId: 'setpoint', table: 'holding', address: 20, type: 'int16', scale: 0.1 }),
      point({
        pointId: 'speed',
        table: 'holding',
        address: 22,
        type: 'float32',
        wordOrder: 'little',
      }),
      point({
        pointId: 'total',
        table: 'holding',
        address: 24,
        type: 'uint32',
        scale: 10,
        offset: 5,
      }),
      point({ pointId: 'pump', table: 'coil', address: 5, type: 'bool' }),
    ];
    const { connector, sink } = connect(dev.port, points);
    await vi.waitFor(() => expect(sink.state()).toBe('up'), WAIT);

    await expect(connector.write('setpoint', -12.3)).resolves.toEqual({ ok: true });
    await expect(connector.write('speed', 1.5)).resolves.toEqual({ ok: true });
    await expect(connector.write('total', 700_005)).resolves.toEqual({ ok: true });
    await expect(connector.write('pump', true)).resolves.toEqual({ ok: true });

    const [s1, s2] = floatWords(1.5);
    expect(await dev.get('hr', 20, 1)).toEqual([65536 - 123]);
    expect(await dev.get('hr', 22, 2)).toEqual([s2, s1]);
    expect(await dev.get('hr', 24, 2)).toEqual([1, 70_000 - 65_536]);
    expect(await dev.get('co', 5, 1)).toEqual([1]);
    // The new values show as the device reports them back.
    await vi.waitFor(() => {
      expect(valueOf(sink, 'setpoint')).toBeCloseTo(-12.3, 6);
      expect(valueOf(sink, 'speed')).toBe(1.5);
      expect(valueOf(sink, 'total')).toBe(700_005);
      expect(valueOf(sink, 'pump')).toBe(true);
    }, WAIT);
  });

  it('MB7 a refused write comes back with its reason: out of range, read-only, device exception', async () => {
    const dev = await device();
    const points = [
      point({ pointId: 'small', table: 'holding', address: 30, type: 'int16' }),
      point({ pointId: 'unsigned', table: 'holding', address: 31, type: 'uint16' }),
      point({ pointId: 'locked', table: 'holding', address: 32, type: 'uint16', readOnly: true }),
      point({ pointId: 'measured', table: 'input', address: 0, type: 'uint16' }),
      point({ pointId: 'door', table: 'discreteInput', address: 0, type: 'bool' }),
      point({ pointId: 'pump', table: 'coil', address: 0, type: 'bool' }),
      point({ pointId: 'gone', table: 'holding', address: 40, type: 'uint16' }),
    ];
    const { connector, sink } = connect(dev.port, points);
    await vi.waitFor(() => expect(sink.state()).toBe('up'), WAIT);

    const outOfRange = await connector.write('small', 40_000);
    expect(outOfRange).toMatchObject({ ok: false });
    expect(outOfRange.ok ? '' : outOfRange.reason).toContain('-32768…32767');
    await expect(connector.write('unsigned', -1)).resolves.toMatchObject({ ok: false });
    await expect(connector.write('pump', 2)).resolves.toMatchObject({ ok: false });
    for (const id of ['locked', 'measured', 'door']) {
      await expect(connector.write(id, 1)).resolves.toMatchObject({ ok: false, readOnly: true });
    }
    await expect(connector.write('nowhere', 1)).resolves.toMatchObject({ ok: false });
    expect(await dev.get('hr', 30, 3)).toEqual([0, 0, 0]);

    await dev.fail('hr', 40, 40);
    await expect(connector.write('gone', 1)).resolves.toEqual({
      ok: false,
      reason: 'Modbus exception 2 (illegal data address)',
    });
    expect(sink.state()).toBe('up');
  });

  it('MB8 a sink that throws does not stop the connector (bad input never stops the server)', async () => {
    const dev = await device();
    await dev.set('hr', 0, [1]);
    const recorded = recordingSink();
    const throwing = {
      ...recorded,
      samples(samples: Parameters<typeof recorded.samples>[0]) {
        recorded.samples(samples);
        throw new Error('sink failed');
      },
      link(state: Parameters<typeof recorded.link>[0], reason?: string) {
        recorded.link(state, reason);
        throw new Error('sink failed');
      },
    };
    const connection = modbusConnectionSchema.parse({
      type: 'modbus',
      host: '127.0.0.1',
      port: dev.port,
      pollGroups: { default: 100 },
    });
    const points = [point({ pointId: 'level', table: 'holding', address: 0, type: 'int16' })];
    const connector = createModbusConnector(connection, points, { backoffCapMs: 300 });
    open.push(connector);
    connector.start(throwing);
    await vi.waitFor(() => expect(valueOf(recorded, 'level')).toBe(1), WAIT);
    await dev.set('hr', 0, [2]);
    await vi.waitFor(() => expect(valueOf(recorded, 'level')).toBe(2), WAIT);
  });

  it('MB9 the connection config fills its defaults', () => {
    expect(modbusConnectionSchema.parse({ type: 'modbus', host: 'plc' })).toEqual({
      type: 'modbus',
      host: 'plc',
      port: 502,
      unitId: 1,
      timeoutMs: 2000,
      pollGroups: { default: 1000 },
    });
    expect(point({ pointId: 'p', table: 'holding', address: 0, type: 'int16' })).toMatchObject({
      wordOrder: 'big',
      scale: 1,
      offset: 0,
      pollGroup: 'default',
    });
    expect(
      modbusPointSchema.safeParse({ pointId: 'p', table: 'coil', address: 0, type: 'int16' })
        .success,
    ).toBe(false);
  });

  it('MB10 every register type and word order decodes what it encodes, with scale and offset', () => {
    const cases: Array<[Record<string, unknown>, number[]]> = [
      [{ type: 'int16' }, [-32768, -1, 0, 32767]],
      [{ type: 'uint16', scale: 0.1 }, [0, 6553.5]],
      [{ type: 'int32', wordOrder: 'little' }, [-2147483648, -100000, 2147483647]],
      [{ type: 'uint32', offset: -5 }, [-5, 4294967290]],
      [{ type: 'float32', wordOrder: 'little', scale: 2 }, [-1.5, 0, 1024.25]],
    ];
    for (const [extra, values] of cases) {
      const p = point({ pointId: 'p', table: 'holding', address: 0, ...extra });
      for (const value of values) {
        const encoded = encodeRegisters(p, value);
        if ('error' in encoded) throw new Error(`${p.type} ${value}: ${encoded.error}`);
        expect(decodeRegisters(p, encoded.words, 0)).toBeCloseTo(value, 6);
      }
    }
  });

  it('MB11 examples/modbus.yaml passes the connection and source schemas', () => {
    const file = parse(
      readFileSync(new URL('../../../examples/modbus.yaml', import.meta.url), 'utf8'),
    ) as {
      stations: Array<{ connection: unknown; pvs: Array<{ source: unknown }> }>;
    };
    for (const station of file.stations) {
      const connection = modbusConnectionSchema.parse(station.connection);
      for (const pv of station.pvs) {
        const source = modbusSourceSchema.parse(pv.source);
        expect(Object.keys(connection.pollGroups)).toContain(source.pollGroup);
      }
    }
  });
});
