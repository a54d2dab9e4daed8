/**
 * Chart config and series config load states (SPEC §4): empty, loading, ready, error, per key,
 * with the fetch injected.
 *
 * CL1 `load` on a key already loading is skipped: it joins the call in flight.
 * CL2 A result turns the key ready; a failure turns it error with the message.
 * CL3 `load` on a ready key keeps the value unless `force` asks for a reload.
 * CL4 A result for a key cleared (or reloaded) meanwhile is dropped.
 */

export type LoadState<V> =
  | { status: 'empty' }
  | { status: 'loading' }
  | { status: 'ready'; value: V }
  | { status: 'error'; message: string };

export type LoadListener = (key: string) => void;

const EMPTY: LoadState<never> = Object.freeze({ status: 'empty' });

export class KeyedLoader<V> {
  private readonly states = new Map<string, LoadState<V>>();
  private readonly inFlight = new Map<string, { generation: number; promise: Promise<void> }>();
  private readonly listeners = new Set<LoadListener>();
  private generation = 0;

  constructor(private readonly fetchValue: (key: string) => Promise<V>) {}

  state(key: string): LoadState<V> {
    return this.states.get(key) ?? EMPTY;
  }

  /** The value when ready, else undefined. */
  value(key: string): V | undefined {
    const s = this.state(key);
    return s.status === 'ready' ? s.value : undefined;
  }

  /** CL1-CL4. Never rejects: failures land in the state. */
  load(key: string, options: { force?: boolean } = {}): Promise<void> {
    const running = this.inFlight.get(key);
    if (running) return running.promise;
    if (this.state(key).status === 'ready' && !options.force) return Promise.resolve();
    const generation = ++this.generation;
    this.set(key, { status: 'loading' });
    const promise = (async () => {
      let next: LoadState<V>;
      try {
        next = { status: 'ready', value: await this.fetchValue(key) };
      } catch (error) {
        next = { status: 'error', message: error instanceof Error ? error.message : String(error) };
      }
      if (this.inFlight.get(key)?.generation !== generation) return;
      this.inFlight.delete(key);
      this.set(key, next);
    })();
    this.inFlight.set(key, { generation, promise });
    return promise;
  }

  /** Back to empty; a result still in flight is dropped. */
  clear(key: string): void {
    this.inFlight.delete(key);
    if (this.states.delete(key)) this.emit(key);
  }

  /** Listens to state changes; returns an idempotent unsubscribe. */
  subscribe(listener: LoadListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private set(key: string, state: LoadState<V>): void {
    this.states.set(key, state);
    this.emit(key);
  }

  private emit(key: string): void {
    for (const listener of [...this.listeners]) listener(key);
  }
}
