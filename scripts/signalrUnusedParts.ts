import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Modules of @microsoft/signalr that its `HttpConnection`, `DefaultHttpClient` and
 * `HubConnection` import statically but that the engine never constructs, each with why.
 * The client's own `HubConnection`, `HttpConnection`, JSON protocol, fetch client and its
 * WebSocket and Server-Sent Events transports stay as the package ships them.
 */
export const SIGNALR_UNUSED_PARTS = {
  /** `workers/signalrTransport.ts` asks for WebSockets or SSE (`ENGINE_TRANSPORTS`), as the
   * hub server offers; the client skips long polling as "disabled by the client". */
  LongPollingTransport: 'long polling is not among the engine transports',
  /** `DefaultHttpClient` takes `fetch` wherever it exists, and every worker has it. */
  XhrHttpClient: 'the engine speaks HTTP through fetch',
  /** Stateful reconnect is opt-in (`withStatefulReconnect`), which the engine does not use. */
  MessageBuffer: 'stateful reconnect is not used by the engine',
} as const;
export type SignalrUnusedPart = keyof typeof SIGNALR_UNUSED_PARTS;

const SIGNALR_ESM = '/@microsoft/signalr/dist/esm/';
const STUB_PREFIX = '\0pegel-signalr-unused:';

/** The part an import of the client's ESM build names (`./LongPollingTransport`), if one. */
export function unusedPartOf(
  source: string,
  importer: string | undefined,
): SignalrUnusedPart | null {
  if (!importer?.replaceAll('\\', '/').includes(SIGNALR_ESM)) return null;
  const name = /^\.\/(\w+)(?:\.js)?$/.exec(source)?.[1];
  return name && Object.hasOwn(SIGNALR_UNUSED_PARTS, name) ? (name as SignalrUnusedPart) : null;
}

/**
 * What stands in for a part: the class it exports, which throws if it is ever constructed.
 * The message names the part and this file, which says why (it is in the engine's bytes).
 */
export function stubOf(part: SignalrUnusedPart): string {
  const message = `SignalR ${part} is left out of this build (scripts/signalrUnusedParts.ts)`;
  return `export class ${part} { constructor() { throw new Error(${JSON.stringify(message)}); } }\n`;
}

/**
 * Why the package's module at `file` cannot be left out as `part`, or null if it can: it
 * must exist and export the class of that name, else the client's layout changed under the
 * stub and the build says so instead of bundling a stub for something else.
 */
export function layoutProblem(file: string, part: SignalrUnusedPart): string | null {
  if (!existsSync(file)) return `${file} is gone`;
  const code = readFileSync(file, 'utf8');
  if (!new RegExp(`^export class ${part}\\b`, 'm').test(code))
    return `${file} no longer exports the class ${part}`;
  const exports = code.match(/^export\s/gm) ?? [];
  if (exports.length !== 1) return `${file} exports more than the class ${part}`;
  return null;
}

/**
 * Leaves out the parts of the SignalR client the engine never runs (SIGNALR_UNUSED_PARTS):
 * 1.6 kB gzip of the engine worker (bench/README "The engine worker's SignalR parts"). Each
 * import of one from inside the package gets a class that throws a clear error if it is ever
 * constructed. The build fails if a part's module changed, or if the client was bundled but
 * a part was never imported (the package's layout changed and the stubs would do nothing).
 */
export function signalrUnusedParts(): Plugin {
  const seen = new Set<SignalrUnusedPart>();
  let clientBundled = false;
  return {
    name: 'pegel-signalr-unused-parts',
    enforce: 'pre',
    apply: 'build',
    buildStart() {
      seen.clear();
      clientBundled = false;
    },
    resolveId(source, importer) {
      const part = unusedPartOf(source, importer);
      if (!part || !importer) return null;
      const problem = layoutProblem(join(dirname(importer), `${part}.js`), part);
      if (problem)
        this.error(`@microsoft/signalr changed: ${problem} (scripts/signalrUnusedParts.ts)`);
      seen.add(part);
      return STUB_PREFIX + part;
    },
    load: {
      filter: { id: /^\0pegel-signalr-unused:/ },
      handler: (id) => stubOf(id.slice(STUB_PREFIX.length) as SignalrUnusedPart),
    },
    transform: {
      filter: { id: /\/@microsoft\/signalr\/dist\/esm\// },
      handler() {
        clientBundled = true;
        return null;
      },
    },
    buildEnd(error) {
      if (error || !clientBundled) return;
      const missing = Object.keys(SIGNALR_UNUSED_PARTS).filter(
        (part) => !seen.has(part as SignalrUnusedPart),
      );
      if (missing.length)
        this.error(
          `@microsoft/signalr changed: nothing imports ${missing.join(', ')} any more; ` +
            'update scripts/signalrUnusedParts.ts',
        );
    },
  };
}
