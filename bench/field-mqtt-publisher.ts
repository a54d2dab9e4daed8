/**
 * The devices of the field MQTT bench (bench/field-mqtt.ts), in a process of their own so that
 * their CPU is not the server's: one MQTT.js client publishing JSON values on
 * `s<station>/p<n>` (QoS 0), round robin over every PV, at the rate asked on stdin.
 *
 *   npx tsx bench/field-mqtt-publisher.ts <brokerUrl> <stations> <pvsPerStation>
 *
 * stdin: `rate <values/s>` sets the rate (0 stops), `count` answers `count <published>`,
 * `quit` ends. Each payload is `{"v": <device time mod 1,000,000>, "ts": <device time>}`
 * (Date.now() at publishing, ms): the value shown in the tab tells when it was published.
 * When the broker's socket holds more than 4 MB unsent, values are skipped, not queued: a
 * rate the publisher cannot reach shows as fewer published, never as late values.
 */
import { createInterface } from 'node:readline';
import mqtt from 'mqtt';

const [url, stationsArg, pvsArg] = process.argv.slice(2);
if (!url || !stationsArg || !pvsArg)
  throw new Error('usage: field-mqtt-publisher.ts <brokerUrl> <stations> <pvsPerStation>');
const stations = Number(stationsArg);
const pvs = Number(pvsArg);
const topics: string[] = [];
// Interleaved over stations, so every station sees the same share of the rate.
for (let n = 1; n <= pvs; n++) for (let s = 1; s <= stations; s++) topics.push(`s${s}/p${n}`);

const client = await mqtt.connectAsync(url, {
  clientId: `pegel-bench-devices-${process.pid}`,
  reconnectPeriod: 500,
});
const stream = client.stream as unknown as { writableLength: number };
const MAX_UNSENT = 4 * 1024 * 1024;

let rate = 0;
let published = 0;
let skipped = 0;
let next = 0;
let since = performance.now();
let dueBase = 0;

function step(): void {
  if (rate > 0) {
    const due = Math.floor(((performance.now() - since) / 1000) * rate) - dueBase;
    // At most 100 ms worth per step: what a stall left further behind is skipped.
    const n = Math.min(due, Math.ceil(rate / 10));
    if (due > n) skipped += due - n;
    const ts = Date.now();
    const payload = `{"v":${ts % 1_000_000},"ts":${ts}}`;
    for (let i = 0; i < n; i++) {
      if (stream.writableLength > MAX_UNSENT) {
        skipped += n - i;
        break;
      }
      client.publish(topics[next]!, payload, { qos: 0 });
      next = (next + 1) % topics.length;
      published++;
    }
    dueBase += Math.max(0, due);
  }
  setTimeout(step, 2);
}
step();

for await (const line of createInterface({ input: process.stdin })) {
  const [verb, arg] = line.trim().split(' ');
  if (verb === 'rate') {
    rate = Number(arg);
    since = performance.now();
    dueBase = 0;
  } else if (verb === 'count') console.log(`count ${published} ${skipped}`);
  else if (verb === 'quit') break;
}
await client.endAsync();
process.exit(0);
