/** A fake lock manager: the test decides when a tab is gone. */
import type { TabLockManager } from '../../../workers/tabLocks.ts';

export class FakeTabLocks implements TabLockManager {
  private readonly waiting = new Map<string, () => void>();

  whenGone(tabId: string, onGone: () => void): () => void {
    this.waiting.set(tabId, onGone);
    return () => this.waiting.delete(tabId);
  }

  isWaitingFor(tabId: string): boolean {
    return this.waiting.has(tabId);
  }

  /** The tab closed or crashed: its lock is free and the engine is granted it. */
  kill(tabId: string): void {
    const onGone = this.waiting.get(tabId);
    this.waiting.delete(tabId);
    onGone?.();
  }
}
