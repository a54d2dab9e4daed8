/**
 * Calls from a tab to the engine over a port (SharedWorker port, dedicated Worker): the tab
 * holds a `Remote<EngineApi>` whose methods post a request and resolve with the answer; the
 * worker serves the engine's methods. Only what the engine needs: method calls with
 * structured-cloneable arguments and results, transfers (a tab's frame port, chart columns)
 * and errors as `Error` with name and message. Replaces Comlink, whose proxies, callbacks
 * and property access the engine never used, to keep the engine worker's script small.
 */
import { toError } from './errors.ts';

/** A request on the port: call `method` with `args`; answered under the same `rpc`. */
export interface RpcRequest {
  rpc: number;
  method: string;
  args: unknown[];
}

/** The answer: `value` (structured clone) or `error`. */
export interface RpcAnswer {
  rpc: number;
  value?: unknown;
  error?: { name: string; message: string };
}

/** What serves and calls: a MessagePort, a dedicated Worker, or the worker's own scope. */
export interface RpcEndpoint {
  postMessage(message: unknown, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  start?(): void;
}

/** The methods of `T` as a caller on the other side of a port sees them. */
export type Remote<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R
    ? (...args: A) => Promise<Awaited<R>>
    : never;
};

const transfers = new WeakMap<object, Transferable[]>();

/** Marks `value` (an argument or a result) to move `list` instead of copying it. */
export function transfer<T extends object>(value: T, list: Transferable[]): T {
  transfers.set(value, list);
  return value;
}

function transferListOf(values: readonly unknown[]): Transferable[] {
  return values.flatMap((v) =>
    typeof v === 'object' && v !== null ? (transfers.get(v) ?? []) : [],
  );
}

function isRequest(data: unknown): data is RpcRequest {
  const r = data as RpcRequest | null;
  return typeof r?.rpc === 'number' && typeof r.method === 'string' && Array.isArray(r.args);
}

/** Serves `target`'s own and inherited methods to the caller on `endpoint`. */
export function serve(target: object, endpoint: RpcEndpoint): void {
  endpoint.addEventListener('message', (event: MessageEvent) => {
    const request: unknown = event.data;
    if (!isRequest(request)) return;
    const answer = (result: Omit<RpcAnswer, 'rpc'>, list: Transferable[] = []) =>
      endpoint.postMessage({ rpc: request.rpc, ...result }, list);
    void (async () => {
      const method: unknown = (target as Record<string, unknown>)[request.method];
      if (typeof method !== 'function' || request.method === 'constructor')
        throw new TypeError(`The engine has no method ${request.method}`);
      return (await (method as (...args: unknown[]) => unknown).apply(
        target,
        request.args,
      )) as unknown;
    })().then(
      (value) => answer({ value }, transferListOf([value])),
      (err: unknown) => {
        const error = toError(err);
        answer({ error: { name: error.name, message: error.message } });
      },
    );
  });
  endpoint.start?.();
}

/** The methods of what `serve` offers on the other side of `endpoint`. */
export function remote<T>(endpoint: RpcEndpoint): Remote<T> {
  let last = 0;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  endpoint.addEventListener('message', (event: MessageEvent) => {
    const answer = event.data as RpcAnswer | null;
    if (typeof answer?.rpc !== 'number') return;
    const call = pending.get(answer.rpc);
    if (!call) return;
    pending.delete(answer.rpc);
    if (!answer.error) return call.resolve(answer.value);
    const error = new Error(answer.error.message);
    error.name = answer.error.name;
    call.reject(error);
  });
  endpoint.start?.();
  const methods = new Map<string, (...args: unknown[]) => Promise<unknown>>();
  return new Proxy({} as Remote<T>, {
    get(_, name) {
      // Not a thenable: `await` and promise resolution must see a plain object.
      if (typeof name !== 'string' || name === 'then') return undefined;
      let method = methods.get(name);
      if (!method) {
        method = (...args: unknown[]) =>
          new Promise((resolve, reject) => {
            const rpc = ++last;
            pending.set(rpc, { resolve, reject });
            const request: RpcRequest = { rpc, method: name, args };
            endpoint.postMessage(request, transferListOf(args));
          });
        methods.set(name, method);
      }
      return method;
    },
  });
}
