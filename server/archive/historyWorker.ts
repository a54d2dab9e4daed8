/**
 * The history thread's entry (worker_threads): runs station history jobs off the event loop
 * that serves hubs and requests, and posts their rows back (server/archive/historyThread.ts).
 */
import { parentPort } from 'node:worker_threads';
import { runStationHistory, type StationHistoryJob } from './stationHistoryJob.ts';

parentPort!.on('message', (message: { id: number; job: StationHistoryJob }) => {
  try {
    const rows = runStationHistory(message.job);
    parentPort!.postMessage({ id: message.id, rows }, [
      rows.raw.buffer as ArrayBuffer,
      rows.aggregates.buffer as ArrayBuffer,
    ]);
  } catch (error) {
    parentPort!.postMessage({ id: message.id, error: String(error) });
  }
});
