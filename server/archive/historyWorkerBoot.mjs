// The history thread's first module: plain JavaScript that registers tsx's loader, so the
// TypeScript entry loads the same under `tsx server/main.ts`, vitest and the bench.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
