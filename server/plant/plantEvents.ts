/**
 * The plant's events (`PlantEvents`) to their listeners: the simulated plant and the field plant
 * both publish through one of these. A listener that throws is logged and skipped, so one
 * failing listener never stops the plant or the listeners after it.
 */
import type { PlantEvents, Unsubscribe } from './types.ts';

type Listener = (...args: never[]) => void;

export class PlantEventBus {
  private readonly listeners = new Map<keyof PlantEvents, Set<Listener>>();

  on<E extends keyof PlantEvents>(event: E, listener: PlantEvents[E]): Unsubscribe {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    const l = listener as unknown as Listener;
    set.add(l);
    return () => {
      set.delete(l);
    };
  }

  emit<E extends keyof PlantEvents>(event: E, ...args: Parameters<PlantEvents[E]>): void {
    const set = this.listeners.get(event);
    if (!set) return;
    for (const listener of set) {
      try {
        (listener as unknown as (...a: Parameters<PlantEvents[E]>) => void)(...args);
      } catch (err) {
        console.error(`plant ${event} listener failed`, err);
      }
    }
  }
}
