/**
 * PV configs shared by every tab (SPEC §7 "POST /api/Pv/configs ... batched with a 50 ms
 * wait"). Requests within the wait go out as one call; a key the answer lacks fails with
 * 'No value returned for {key}' (SPEC §8); a call that takes longer than the async value
 * wait fails with 'Timeout' (SPEC §4, §9).
 */
import { pvKey } from '../src/contract/keys.ts';
import type { PvConfig, PvRef } from '../src/contract/pv.ts';
import type { PvConfigEntry, PvConfigResult } from './engineProtocol.ts';
import type { TimerHandle, Timers } from '../src/domain/timers.ts';
import { toError } from './errors.ts';

/** SPEC §9 "PV info batch wait". */
export const PV_CONFIG_BATCH_WAIT_MS = 50;
/** SPEC §9 "Async value wait timeout". */
export const ASYNC_VALUE_TIMEOUT_MS = 5_000;

export type PvConfigFetcher = (refs: PvRef[]) => Promise<PvConfig[]>;

export interface PvConfigCacheOptions {
  timers: Timers;
  fetchConfigs: PvConfigFetcher;
  /** Told of every entry that changed, so leasing tabs get it in their next frame. */
  onChange(key: string): void;
  /** A failed call, for session handling (401). */
  onFetchError(error: unknown): void;
}

interface Waiting {
  ref: PvRef;
  resolve: (result: PvConfigResult) => void;
}

export class PvConfigCache {
  private readonly entries = new Map<string, PvConfigEntry>();
  private readonly inFlight = new Map<string, Promise<PvConfigResult>>();
  private queue = new Map<string, Waiting[]>();
  private batchTimer: TimerHandle | null = null;
  private readonly options: PvConfigCacheOptions;

  constructor(options: PvConfigCacheOptions) {
    this.options = options;
  }

  get(key: string): PvConfigEntry | undefined {
    return this.entries.get(key);
  }

  /** A pushed config (hub message newConfig) replaces what is cached. */
  put(config: PvConfig): void {
    const key = pvKey(config.pvRef);
    this.entries.set(key, { state: 'ready', config });
    this.options.onChange(key);
  }

  /** Forgets a key nobody leases any more: without a subscription it would go stale. */
  evict(key: string): void {
    this.entries.delete(key);
  }

  /** The cached config, the request already under way, or a new one in the next batch. */
  request(ref: PvRef): Promise<PvConfigResult> {
    const key = pvKey(ref);
    const entry = this.entries.get(key);
    if (entry?.state === 'ready') return Promise.resolve(entry);
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    if (!entry) {
      this.entries.set(key, { state: 'loading' });
      this.options.onChange(key);
    }
    const promise = new Promise<PvConfigResult>((resolve) => {
      const waiting = this.queue.get(key) ?? [];
      waiting.push({ ref, resolve });
      this.queue.set(key, waiting);
    });
    this.inFlight.set(key, promise);
    if (this.batchTimer === null) {
      this.batchTimer = this.options.timers.setTimeout(() => {
        this.batchTimer = null;
        void this.flush();
      }, PV_CONFIG_BATCH_WAIT_MS);
    }
    return promise;
  }

  private async flush(): Promise<void> {
    const batch = this.queue;
    this.queue = new Map();
    const refs = [...batch.values()].map((waiting) => waiting[0]!.ref);
    let answer: Map<string, PvConfig> | Error;
    try {
      const configs = await this.withTimeout(this.options.fetchConfigs(refs));
      answer = new Map(configs.map((config) => [pvKey(config.pvRef), config]));
    } catch (error) {
      this.options.onFetchError(error);
      answer = toError(error);
    }
    for (const [key, waiting] of batch) {
      this.inFlight.delete(key);
      // A push (newConfig) that arrived while the call was under way is at least as new as
      // the answer, which the server may have read before the change: the push wins.
      const pushed = this.entries.get(key);
      const result = pushed?.state === 'ready' ? pushed : settle(key, answer);
      if (result !== pushed) {
        this.entries.set(key, result);
        this.options.onChange(key);
      }
      for (const w of waiting) w.resolve(result);
    }
  }

  private withTimeout<T>(promise: Promise<T>): Promise<T> {
    const { timers } = this.options;
    return new Promise<T>((resolve, reject) => {
      const timer = timers.setTimeout(() => reject(new Error('Timeout')), ASYNC_VALUE_TIMEOUT_MS);
      promise.then(
        (value) => {
          timers.clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          timers.clearTimeout(timer);
          reject(toError(error));
        },
      );
    });
  }
}

function settle(key: string, answer: Map<string, PvConfig> | Error): PvConfigResult {
  if (answer instanceof Error) return { state: 'error', error: answer.message };
  const config = answer.get(key);
  return config
    ? { state: 'ready', config }
    : { state: 'error', error: `No value returned for ${key}` };
}
