/**
 * The SignalR client's parts the engine never runs are left out of the build
 * (scripts/signalrUnusedParts.ts); the client's own WebSocket path stays and works. The engine's
 * transport module (workers/signalrTransport.ts) is built with the plugin as the app builds it
 * and run in a context without Node's globals, as in a worker, against a small SignalR server.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { build, type Plugin } from 'vite';
import type { OutputChunk, RolldownOutput } from 'rolldown';
import { WebSocket } from 'ws';
import {
  SIGNALR_UNUSED_PARTS,
  layoutProblem,
  signalrUnusedParts,
  stubOf,
  unusedPartOf,
  type SignalrUnusedPart,
} from '../../../scripts/signalrUnusedParts.ts';
import type { HubTransportFactory } from '../../../workers/HubTransport.ts';
import type { RetryPolicy } from '../../../workers/retryPolicy.ts';
import { HUB_METHODS } from '../../../src/contract/hubs.ts';
import {
  startMiniSignalrServer,
  type MiniSignalrServer,
} from '../../support/engine/miniSignalrServer.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TRANSPORT_MODULE = join(ROOT, 'workers/signalrTransport.ts');
const PARTS = Object.keys(SIGNALR_UNUSED_PARTS) as SignalrUnusedPart[];
/** The client's ESM build, where the parts are. */
const SIGNALR_ESM = dirname(
  fileURLToPath(import.meta.resolve('@microsoft/signalr/dist/esm/index.js')),
);

/** Text only each module of the client has: left out, or kept. */
const LEFT_OUT_MARKERS: Record<SignalrUnusedPart, string> = {
  LongPollingTransport: '(LongPolling transport)',
  XhrHttpClient: 'new XMLHttpRequest()',
  MessageBuffer: '_waitForSequenceMessage',
};
const KEPT_MARKERS = ['(WebSockets transport)', '(SSE transport)', 'requireFunc("fetch-cookie")'];

/** The engine's transport module bundled with the client, as CommonJS in one file. */
async function buildTransportModule(plugins: Plugin[]): Promise<string> {
  const out = (await build({
    configFile: false,
    root: ROOT,
    logLevel: 'silent',
    plugins,
    build: {
      write: false,
      minify: false,
      target: 'es2022',
      lib: { entry: TRANSPORT_MODULE, formats: ['cjs'], fileName: 'transport' },
      rolldownOptions: { output: { codeSplitting: false } },
    },
  })) as RolldownOutput | RolldownOutput[];
  const outputs = Array.isArray(out) ? out : [out];
  const chunks = outputs
    .flatMap((o) => o.output)
    .filter((o): o is OutputChunk => o.type === 'chunk');
  expect(chunks).toHaveLength(1);
  return chunks[0]!.code;
}

interface TransportModule {
  createSignalrTransportFactory(
    baseUrl: string,
    policy: RetryPolicy,
    logLevel: number,
  ): HubTransportFactory;
}

/** Runs the built module where a worker would: no `process`, no `require`, a WebSocket global. */
function runAsInAWorker(code: string): TransportModule {
  const context = vm.createContext({
    WebSocket,
    fetch,
    Headers,
    Request,
    Response,
    AbortController,
    URL,
    URLSearchParams,
    TextEncoder,
    TextDecoder,
    setTimeout,
    clearTimeout,
    setInterval,
    clearInterval,
    queueMicrotask,
    console,
  });
  const module = { exports: {} as unknown };
  const run = vm.runInContext(`(function (module, exports) {${code}\n})`, context) as (
    m: typeof module,
    e: unknown,
  ) => void;
  run(module, module.exports);
  return module.exports as TransportModule;
}

const NO_RETRY: RetryPolicy = { nextRetryDelayMs: () => null };
const LOG_NONE = 6;

describe('build: the SignalR client without the parts the engine never runs', () => {
  let code = '';
  let server: MiniSignalrServer | undefined;
  beforeAll(async () => {
    code = await buildTransportModule([signalrUnusedParts()]);
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('SUP1: each left-out part is where the plugin expects it, a module exporting just that class', () => {
    for (const part of PARTS)
      expect(layoutProblem(join(SIGNALR_ESM, `${part}.js`), part)).toBeNull();
  });

  it('SUP2: the build has none of their code, a throwing class for each, and the client it keeps', () => {
    for (const part of PARTS) {
      expect(code, part).not.toContain(LEFT_OUT_MARKERS[part]);
      expect(code, part).toContain(`SignalR ${part} is left out of this build`);
    }
    for (const marker of KEPT_MARKERS) expect(code).toContain(marker);
  });

  it('SUP3: the built client connects over a WebSocket and invokes a hub method', async () => {
    server = await startMiniSignalrServer();
    server.answer(HUB_METHODS.serverStatus.getStatus, () => ({ status: 'Connected', since: 0 }));
    const factory = runAsInAWorker(code).createSignalrTransportFactory(
      server.baseUrl,
      NO_RETRY,
      LOG_NONE,
    );
    const transport = factory('serverStatus');
    await transport.start();
    expect(await transport.invoke(HUB_METHODS.serverStatus.getStatus)).toEqual({
      status: 'Connected',
      since: 0,
    });
    await transport.stop();
    expect(server.invocations.map((i) => [i.hub, i.target])).toEqual([
      ['/hubs/server-status', 'GetServerStatus'],
    ]);
  });

  it('SUP4: a server that offers only long polling is refused as the client refuses a disabled transport', async () => {
    server = await startMiniSignalrServer({
      transports: [{ transport: 'LongPolling', transferFormats: ['Text', 'Binary'] }],
    });
    const factory = runAsInAWorker(code).createSignalrTransportFactory(
      server.baseUrl,
      NO_RETRY,
      LOG_NONE,
    );
    const start = factory('serverStatus').start();
    await expect(start).rejects.toThrow(/'LongPolling' is disabled by the client/);
    await expect(start).rejects.not.toThrow(/left out/);
  });

  it('SUP5: a left-out part, if ever constructed, throws an error that names it and the plugin', () => {
    for (const part of PARTS)
      expect(() =>
        vm.runInNewContext(`${stubOf(part).replace(/^export /, '')}\nnew ${part}();`),
      ).toThrow(`SignalR ${part} is left out of this build (scripts/signalrUnusedParts.ts)`);
  });

  it("SUP6: only the client's own imports of a part are replaced", () => {
    const inside = join(SIGNALR_ESM, 'HttpConnection.js');
    expect(unusedPartOf('./LongPollingTransport', inside)).toBe('LongPollingTransport');
    expect(unusedPartOf('./XhrHttpClient.js', inside)).toBe('XhrHttpClient');
    expect(unusedPartOf('./WebSocketTransport', inside)).toBeNull();
    expect(unusedPartOf('./LongPollingTransport', join(ROOT, 'workers/x.ts'))).toBeNull();
    expect(unusedPartOf('./LongPollingTransport', undefined)).toBeNull();
  });
});

describe('build: the plugin fails loudly when the client changed', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'pegel-signalr-layout-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('SUP7: a part that is gone, renamed or exports more is a layout problem', () => {
    const file = join(dir, 'LongPollingTransport.js');
    expect(layoutProblem(file, 'LongPollingTransport')).toMatch(/is gone/);
    writeFileSync(file, 'export class LongPollTransport {}\n');
    expect(layoutProblem(file, 'LongPollingTransport')).toMatch(/no longer exports the class/);
    writeFileSync(file, 'export class LongPollingTransport {}\nexport const x = 1;\n');
    expect(layoutProblem(file, 'LongPollingTransport')).toMatch(/exports more than/);
  });

  it('SUP8: a build that bundles the client but never imports a part fails and names the part', () => {
    const plugin = signalrUnusedParts();
    const context = {
      error(message: string): never {
        throw new Error(message);
      },
    };
    const call = (hook: unknown, ...args: unknown[]) => {
      const fn = typeof hook === 'function' ? hook : (hook as { handler: unknown }).handler;
      return (fn as (...a: unknown[]) => unknown).call(context, ...args);
    };
    call(plugin.buildStart, {});
    call(plugin.transform, '', join(SIGNALR_ESM, 'HttpConnection.js'));
    const imported = call(
      plugin.resolveId,
      './LongPollingTransport',
      join(SIGNALR_ESM, 'HttpConnection.js'),
      {},
    );
    expect(imported).toMatch(/LongPollingTransport$/);
    expect(() => call(plugin.buildEnd)).toThrow(/nothing imports XhrHttpClient, MessageBuffer/);
    // A build without the client has nothing to check.
    call(plugin.buildStart, {});
    expect(() => call(plugin.buildEnd)).not.toThrow();
  });
});
