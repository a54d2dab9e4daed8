/**
 * A small CDP client on the browser's DevTools WebSocket (flattened sessions). Playwright's
 * CDP sessions cover pages only; heap usage of a SharedWorker or a dedicated worker needs a
 * session attached to that worker's target.
 */
import WebSocket from 'ws';

export interface TargetInfo {
  targetId: string;
  type: string;
  title: string;
  url: string;
  attached: boolean;
}

export interface HeapUsage {
  /** V8's JS heap in use; typed-array contents are not in it. */
  usedSize: number;
  totalSize: number;
  /**
   * What the target holds: the JS heap plus ArrayBuffer backing stores (typed-array
   * columns live there) and the embedder heap (DOM, ports). Memory figures use this.
   */
  retainedSize: number;
}

/** Runtime.getHeapUsage's answer (the last two fields where the browser reports them). */
export interface RawHeapUsage {
  usedSize: number;
  totalSize: number;
  embedderHeapUsedSize?: number;
  backingStorageSize?: number;
}

export function toHeapUsage(raw: RawHeapUsage): HeapUsage {
  return {
    usedSize: raw.usedSize,
    totalSize: raw.totalSize,
    retainedSize: raw.usedSize + (raw.backingStorageSize ?? 0) + (raw.embedderHeapUsedSize ?? 0),
  };
}

export interface TargetHeap extends HeapUsage {
  targetId: string;
  type: string;
  url: string;
}

interface Pending {
  resolve(result: unknown): void;
  reject(error: Error): void;
}

/** Worker-like target types as Chromium names them. */
export const WORKER_TARGET_TYPES = ['shared_worker', 'worker', 'service_worker'] as const;

export class BrowserCdp {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Set<
    (method: string, sessionId: string, params: unknown) => void
  >();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data: WebSocket.RawData) => {
      const msg = JSON.parse(data.toString()) as {
        id?: number;
        result?: unknown;
        error?: { message: string };
        method?: string;
        params?: unknown;
        sessionId?: string;
      };
      if (msg.id === undefined) {
        if (msg.method)
          for (const l of this.listeners) l(msg.method, msg.sessionId ?? '', msg.params);
        return;
      }
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (msg.error) p.reject(new Error(msg.error.message));
      else p.resolve(msg.result);
    });
    socket.on('close', () => {
      for (const p of this.pending.values()) p.reject(new Error('CDP connection closed'));
      this.pending.clear();
    });
  }

  static async connect(port: number, timeoutMs = 10_000): Promise<BrowserCdp> {
    const deadline = Date.now() + timeoutMs;
    let url: string | undefined;
    while (!url) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/json/version`);
        url = ((await res.json()) as { webSocketDebuggerUrl?: string }).webSocketDebuggerUrl;
      } catch (err) {
        if (Date.now() > deadline) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const socket = new WebSocket(url, { perMessageDeflate: false });
    await new Promise<void>((resolveOpen, reject) => {
      socket.once('open', () => resolveOpen());
      socket.once('error', reject);
    });
    return new BrowserCdp(socket);
  }

  send<T>(method: string, params: object = {}, sessionId?: string): Promise<T> {
    const id = this.nextId++;
    const message = sessionId ? { id, method, params, sessionId } : { id, method, params };
    return new Promise<T>((resolveResult, reject) => {
      this.pending.set(id, { resolve: (r) => resolveResult(r as T), reject });
      this.socket.send(JSON.stringify(message));
    });
  }

  /** Calls `listener` with each `method` event of a session's target; returns the remover. */
  onEvent<P>(method: string, sessionId: string, listener: (params: P) => void): () => void {
    const l = (m: string, s: string, params: unknown) => {
      if (m === method && s === sessionId) listener(params as P);
    };
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  async targets(): Promise<TargetInfo[]> {
    const { targetInfos } = await this.send<{ targetInfos: TargetInfo[] }>('Target.getTargets');
    return targetInfos;
  }

  /** Runs `fn` with a flattened session on a target and detaches afterwards. */
  async withTarget<T>(targetId: string, fn: (sessionId: string) => Promise<T>): Promise<T> {
    const { sessionId } = await this.send<{ sessionId: string }>('Target.attachToTarget', {
      targetId,
      flatten: true,
    });
    try {
      return await fn(sessionId);
    } finally {
      await this.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
    }
  }

  /** Heap usage of one target; `collectGarbage` first gives retained size rather than churn. */
  async heapOf(targetId: string, collectGarbage = false): Promise<HeapUsage> {
    return this.withTarget(targetId, async (sessionId) => {
      if (collectGarbage) await this.send('HeapProfiler.collectGarbage', {}, sessionId);
      return toHeapUsage(await this.send<RawHeapUsage>('Runtime.getHeapUsage', {}, sessionId));
    });
  }

  /** Heap usage of every worker target (shared, dedicated, service) of the browser. */
  async workerHeaps(collectGarbage = false): Promise<TargetHeap[]> {
    const workers = (await this.targets()).filter((t) =>
      (WORKER_TARGET_TYPES as readonly string[]).includes(t.type),
    );
    const out: TargetHeap[] = [];
    for (const t of workers) {
      const heap = await this.heapOf(t.targetId, collectGarbage).catch(() => null);
      if (heap) out.push({ ...heap, targetId: t.targetId, type: t.type, url: t.url });
    }
    return out;
  }

  close(): void {
    this.socket.close();
  }
}
