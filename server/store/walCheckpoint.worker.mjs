// @ts-check
// The WAL checkpoint thread (server/store/walCheckpointer.ts): a connection of its own to the
// server's database that copies the WAL into the database file, so no commit of the server's
// connection does it on the event loop. Plain JavaScript: it needs no loader, and a thread with
// tsx's would load it for a few lines. Messages: walCheckpointProtocol.ts.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/** @typedef {import('./walCheckpointProtocol.ts').ToCheckpointThread} ToCheckpointThread */
/** @typedef {import('./walCheckpointProtocol.ts').FromCheckpointThread} FromCheckpointThread */

const port = parentPort;
if (!port) throw new Error('walCheckpoint.worker.mjs runs as a worker thread');
/** @param {FromCheckpointThread} message */
const send = (message) => port.postMessage(message);

const db = new Database(workerData.file, { fileMustExist: true });
// The last checkpoint (TRUNCATE) waits for the server's connection to finish what it does.
db.pragma('busy_timeout = 5000');
// This connection writes nothing; were it ever to, it must not checkpoint in that commit.
db.pragma('wal_autocheckpoint = 0');

/** @param {'PASSIVE' | 'TRUNCATE'} mode */
function checkpoint(mode) {
  const started = performance.now();
  const [row] = /** @type {{ busy: number; log: number; checkpointed: number }[]} */ (
    db.pragma(`wal_checkpoint(${mode})`)
  );
  return {
    busy: row?.busy ?? 0,
    log: row?.log ?? 0,
    checkpointed: row?.checkpointed ?? 0,
    ms: performance.now() - started,
  };
}

port.on('message', (/** @type {ToCheckpointThread} */ message) => {
  if (message.type === 'checkpoint') {
    try {
      send({ type: 'checkpointed', ...checkpoint('PASSIVE') });
    } catch (error) {
      send({ type: 'failed', error: String(error) });
    }
    return;
  }
  // close: everything in the WAL goes into the database file, the WAL is emptied, the thread ends.
  try {
    send({ type: 'closed', ...checkpoint('TRUNCATE') });
  } catch (error) {
    send({ type: 'failed', error: String(error) });
  } finally {
    db.close();
    port.close();
  }
});
send({ type: 'ready' });
