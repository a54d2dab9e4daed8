/**
 * MQ-S1's parent (tests/integration/field/mosquittoStart.test.ts): starts a broker, says
 * `ready <pid>`, and waits to be killed without stopping it.
 */
import { startMosquitto } from './mosquitto.ts';

const broker = await startMosquitto();
console.log(`ready ${broker.pid()}`);
setInterval(() => undefined, 60_000);
