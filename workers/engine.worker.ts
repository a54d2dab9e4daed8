/**
 * The engine's worker entry. As a SharedWorker (one per origin, all tabs) every tab that
 * connects gets the one engine exposed on its port; as a dedicated Worker (browsers
 * without SharedWorker) the engine is exposed on the worker itself.
 */
import * as Comlink from 'comlink';
import { createEngine } from './createEngine.ts';

interface WorkerScope {
  location: { origin: string };
  navigator: { onLine: boolean; locks?: LockManager };
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
  fetch: typeof fetch;
  onconnect?: ((event: MessageEvent) => void) | null;
}

const scope = globalThis as unknown as WorkerScope;
const engine = createEngine(scope);
const isShared =
  typeof SharedWorkerGlobalScope !== 'undefined' && globalThis instanceof SharedWorkerGlobalScope;

if (isShared) {
  scope.onconnect = (event: MessageEvent) => {
    const port = event.ports[0];
    if (port) Comlink.expose(engine, port);
  };
} else {
  Comlink.expose(engine, globalThis as unknown as Comlink.Endpoint);
}
