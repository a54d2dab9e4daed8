import { createContext, useContext } from 'react';
import type { LiveClient } from './LiveClient.ts';

export const LiveContext = createContext<LiveClient | null>(null);

/** The tab's LiveClient; only inside a LiveProvider. */
export function useLiveClient(): LiveClient {
  const client = useContext(LiveContext);
  if (!client) throw new Error('useLiveClient outside LiveProvider');
  return client;
}
