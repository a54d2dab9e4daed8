/**
 * PS2's parent (tests/integration/plantServerStart.test.ts): starts a plant server with
 * `name=value` in its environment, says `ready <url>`, and waits to be killed without
 * stopping it.
 */
import { startPlantServer } from './plantServer.ts';

const [name, value] = process.argv.slice(2);
if (!name || !value) throw new Error('usage: plantServerParent.ts <name> <value>');
const server = await startPlantServer({ env: { [name]: value } });
console.log(`ready ${server.url}`);
setInterval(() => undefined, 60_000);
