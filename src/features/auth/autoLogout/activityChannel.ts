/**
 * Activity shared between the tabs of one browser (SPEC §9): activity in any tab keeps every
 * tab signed in. BroadcastChannel 'pegel-activity', with a localStorage event as fallback.
 */
export const ACTIVITY_CHANNEL = 'pegel-activity';
const STORAGE_KEY = 'pegel.activity';

export interface ActivityChannel {
  post(atMs: number): void;
  close(): void;
}

export function openActivityChannel(onActivity: (atMs: number) => void): ActivityChannel {
  if (typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(ACTIVITY_CHANNEL);
    channel.onmessage = (e: MessageEvent<unknown>) => {
      if (typeof e.data === 'number' && Number.isFinite(e.data)) onActivity(e.data);
    };
    return { post: (at) => channel.postMessage(at), close: () => channel.close() };
  }
  const onStorage = (e: StorageEvent) => {
    if (e.key !== STORAGE_KEY || !e.newValue) return;
    const at = Number(e.newValue);
    if (Number.isFinite(at)) onActivity(at);
  };
  window.addEventListener('storage', onStorage);
  return {
    post(at) {
      try {
        localStorage.setItem(STORAGE_KEY, String(at));
      } catch {
        // storage full or blocked: this tab still keeps its own timer
      }
    },
    close: () => window.removeEventListener('storage', onStorage),
  };
}
