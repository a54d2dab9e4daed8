/**
 * CPU per MQTT JSON value of the field's own path, in this process: the broker socket's reader
 * (publishTap.ts), the MQTT JSON connector and the field plant's batches, with no broker, no
 * MQTT.js, no hub and no archive (bench/README.md "The field plant").
 *
 *   npx tsx bench/field-message-cpu.ts [values=2000000] [--stations=10] [--pvs=1000] [--per-read=50]
 *
 * The plant is the fieldMqtt scenario's (10 stations × 1,000 PVs, `{"v":…,"ts":…}` on
 * `s<station>/p<n>`); the values go round robin over every PV as the bench's publisher sends
 * them, `--per-read` messages a socket read (a read held between batches at 10,000/s holds
 * about 50), a batch every 500 values. Five rounds; each prints the CPU time per value
 * (process.cpuUsage, garbage collection included) and the last line their median. Every value
 * is counted at the plant's `values` event: a round that loses one fails.
 */
import { PublishReader } from '../server/field/mqtt/publishTap.ts';
import { MqttJsonConnector } from '../server/field/mqtt/MqttJsonConnector.ts';
import { FieldPlant } from '../server/field/FieldPlant.ts';
import { parsePlantFile } from '../server/field/plantFile.ts';
import type { FieldPoint, MqttConnection, MqttSource } from '../server/field/kinds.ts';
import type { PlantStationDef } from '../server/field/plantFile.ts';

const args = process.argv.slice(2);
const option = (name: string) =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(`--${name}=`.length);
const STATIONS = Number(option('stations') ?? 10);
const PVS = Number(option('pvs') ?? 1000);
const PER_READ = Number(option('per-read') ?? 50);
const [VALUES = 2_000_000] = args.filter((a) => !a.startsWith('--')).map(Number);
const BATCH = 500;
const ROUNDS = 5;

// No broker listens there: the connectors keep trying, in the background, with backoff.
const BROKER = 'mqtt://127.0.0.1:9';
const lines = ['stations:'];
for (let s = 1; s <= STATIONS; s++) {
  lines.push(
    `  - number: ${s}`,
    `    name: Feld ${s}`,
    `    connection: { type: mqtt, url: "${BROKER}" }`,
    '    pvs:',
  );
  for (let n = 1; n <= PVS; n++)
    lines.push(
      `      - { id: p${n}, kind: AnaIn, name: Messwert ${n}, decimals: 0, source: { topic: s${s}/p${n}, value: /v, timestamp: /ts } }`,
    );
}

/** A QoS 0 PUBLISH of MQTT 3.1.1. */
function publish(topic: string, payload: string): Buffer {
  const t = Buffer.from(topic);
  const p = Buffer.from(payload);
  const length = 2 + t.length + p.length;
  const header = [0x30];
  let rest = length;
  do {
    let d = rest % 128;
    rest = Math.floor(rest / 128);
    if (rest > 0) d |= 0x80;
    header.push(d);
  } while (rest > 0);
  return Buffer.concat([Buffer.from(header), Buffer.from([t.length >> 8, t.length & 0xff]), t, p]);
}

type Message = (...args: unknown[]) => void;
const readers: PublishReader[] = [];
const field = new FieldPlant({
  plant: parsePlantFile(lines.join('\n') + '\n', 'bench.yaml'),
  log: () => {},
  // The batches are sent by the loop below.
  flushMs: 3_600_000,
  tickMs: 3_600_000,
  connector: (station: PlantStationDef, points: FieldPoint<unknown>[]) => {
    const c = new MqttJsonConnector(
      station.connection as MqttConnection,
      points as FieldPoint<MqttSource>[],
      {
        env: {},
        stationNumber: station.number,
        stationName: station.name,
        pkiDir: '/tmp',
        log: () => {},
      },
    );
    // The socket reader's handler as BrokerLink passes it, whatever its arguments.
    const message = (c as unknown as { message: Message }).message.bind(c);
    readers.push(new PublishReader((...a: unknown[]) => message(...a)));
    return c;
  },
});
let taken = 0;
field.on('values', (values) => (taken += values.length));
// The connectors try the broker in the background; their values count whatever the link.
field.start();

// The reads of each station: PER_READ messages of its PVs in turn, as its socket would hold them.
const ts = Date.now();
const payload = (n: number) => `{"v":${(ts + n) % 1_000_000},"ts":${ts + n}}`;
const chunks: Buffer[][] = [];
for (let s = 1; s <= STATIONS; s++) {
  const mine: Buffer[] = [];
  for (let n = 1; n <= PVS; n += PER_READ) {
    const packets: Buffer[] = [];
    for (let k = n; k < n + PER_READ && k <= PVS; k++)
      packets.push(publish(`s${s}/p${k}`, payload(k)));
    mine.push(Buffer.concat(packets));
  }
  chunks.push(mine);
}
const step = (field as unknown as { flush(): void }).flush.bind(field);

function round(values: number): number {
  const before = taken;
  const next = new Array<number>(STATIONS).fill(0);
  let sent = 0;
  let sinceBatch = 0;
  const t0 = process.cpuUsage();
  while (sent < values) {
    // Round robin over the stations, a read each.
    for (let s = 0; s < STATIONS && sent < values; s++) {
      const mine = chunks[s]!;
      const i = next[s]!;
      next[s] = (i + 1) % mine.length;
      readers[s]!.take(mine[i]!);
      const n = Math.min(PER_READ, PVS - i * PER_READ);
      sent += n;
      sinceBatch += n;
      if (sinceBatch >= BATCH) {
        step();
        sinceBatch = 0;
      }
    }
  }
  step();
  const used = process.cpuUsage(t0);
  // A batch (500) holds no PV twice (10,000 in turn): every value sent is one the plant sends.
  if (taken - before !== sent)
    throw new Error(`sent ${sent} values, the plant sent ${taken - before}`);
  return (used.user + used.system) / sent;
}

round(Math.min(VALUES, 200_000)); // warm-up: the optimising compiler
const figures: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const us = round(VALUES);
  figures.push(us);
  console.log(`round ${r + 1}: ${us.toFixed(3)} µs CPU per value`);
}
figures.sort((a, b) => a - b);
console.log(
  `median ${figures[Math.floor(ROUNDS / 2)]!.toFixed(3)} µs CPU per value (${STATIONS} stations × ${PVS} PVs, ${PER_READ} a read)`,
);
await field.close();
process.exit(0);
