/**
 * `npm start`: runs the reference plant server until SIGINT or SIGTERM (or, with
 * PEGEL_EXIT_WITH_STDIN=1, until its standard input closes).
 */
import { readConfig } from './config.ts';
import { buildServer } from './app.ts';
import { withQrCodes } from './auth/demoCodes.ts';
import { PlantFileError } from './field/plantFile.ts';
import { FieldStartError } from './field/FieldPlant.ts';

const config = readConfig();
const server = await buildServer(config).catch((err: unknown) => {
  // A wrong plant file says where and what (file, line, key path, expected), a station that
  // cannot start says which and why (credentials missing): no stack needed.
  if (err instanceof PlantFileError || err instanceof FieldStartError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
});
const address = await server.app.listen({ host: config.host, port: config.port });

// NOTE: tests parse this line to find the port when PORT=0.
console.log(`Pegel reference plant server listening on ${address}`);
for (const note of await withQrCodes(server.startupNotes)) console.log(note);

let stopping = false;
function stop(why: string): void {
  if (stopping) return;
  stopping = true;
  console.log(`${why}: shutting down …`);
  server.close().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(signal));

// A server that a test or a bench tool started (tests/support/plantServer.ts) ends with it: a
// parent killed without stopping it (a timeout's SIGKILL, a pipe closed under it) closes this
// pipe, where the server would otherwise hold its port, its database and its plant's CPU until
// someone found it (seen after a bench tool's output was cut short by `head`).
if (process.env.PEGEL_EXIT_WITH_STDIN === '1') {
  process.stdin.on('end', () => stop('stdin closed (the parent is gone)'));
  process.stdin.resume();
}
