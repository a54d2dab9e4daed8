/**
 * The engine worker's budget over the built client (bench/README "Budgets with the design
 * card's stack"): the worker chunk with its static imports stays within 34 kB gzip, counted as
 * `npm run bench -- --only startup` counts it (bench/scenarios/startup.ts), and carries the
 * SignalR client without the parts the engine never runs (scripts/signalrUnusedParts.ts).
 * The gate builds dist/ before the unit tests (package.json `test`); run alone, build first:
 *   npm run build -- --logLevel warn && npx vitest run tests/unit/build/workerBudget.test.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findWorkerChunks, staticModuleGraph } from '../../../bench/harness/bundleGraph.ts';
import { ENGINE_WORKER_BUDGET_KB, workerStems } from '../../../bench/scenarios/startup.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DIST = join(ROOT, 'dist');
const KB = 1000;

describe('build: the engine worker', () => {
  const workers = existsSync(join(DIST, 'index.html'))
    ? findWorkerChunks(DIST, workerStems(ROOT))
    : [];

  it('WB0: dist/ has the engine worker (the gate builds before the unit tests)', () => {
    expect(
      workers,
      'no engine.worker chunk in dist/assets: run `npm run build` first',
    ).toHaveLength(1);
  });

  it.runIf(workers.length === 1)(
    `WB1: the engine worker is one file of at most ${ENGINE_WORKER_BUDGET_KB} kB gzip`,
    () => {
      const graph = staticModuleGraph(DIST, workers[0]!);
      const list = graph.modules.map((m) => `${m.file} ${(m.gzipBytes / KB).toFixed(2)} kB`);
      // Its start is one request (vite.config.ts `worker.rolldownOptions`): what the lazy
      // parts share with the start is in the entry chunk, not in chunks of its own.
      expect(list).toHaveLength(1);
      expect(graph.totalGzipBytes / KB, list.join(', ')).toBeLessThanOrEqual(
        ENGINE_WORKER_BUDGET_KB,
      );
    },
  );

  it.runIf(workers.length === 1)(
    "WB2: the worker has the client's WebSocket and SSE transports, not the parts left out",
    () => {
      const code = readFileSync(join(DIST, workers[0]!), 'utf8');
      expect(code).toContain('(WebSockets transport)');
      expect(code).toContain('(SSE transport)');
      for (const part of ['LongPollingTransport', 'XhrHttpClient', 'MessageBuffer'])
        expect(code).toContain(`SignalR ${part} is left out of this build`);
      expect(code).not.toContain('(LongPolling transport)');
      expect(code).not.toContain('new XMLHttpRequest');
      expect(code).not.toContain('_waitForSequenceMessage');
    },
  );
});
