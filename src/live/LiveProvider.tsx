/**
 * Connects the tab to the live-data engine and gives the live hooks their client. Mount
 * it once, around everything that shows live data (it also keeps the server status
 * leased, so the header and the session end work on every page).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { SERVER_STATUS_KEY } from '../../workers/topics/topicNames.ts';
import { getDefaultLiveClient } from './defaultLiveClient.ts';
import type { LiveClient } from './LiveClient.ts';
import { LiveContext } from './LiveContext.ts';

export interface LiveProviderProps {
  children: ReactNode;
  /** Another client (tests, embedding); by default the tab's own. */
  client?: LiveClient;
  /** Frames at most this often (ms); a wall monitor may choose less than the default 50. */
  flushIntervalMs?: number;
}

export function LiveProvider({ children, client, flushIntervalMs }: LiveProviderProps) {
  const live = client ?? getDefaultLiveClient();
  // Start the engine (worker script, hub connections) while the shell renders, not after
  // its first commit: the first values and alert rows are then that much sooner. start()
  // is idempotent, so a repeated render does nothing more.
  useState(() => void live.start());
  useEffect(() => {
    void live.start();
    return live.lease('serverStatus', SERVER_STATUS_KEY);
  }, [live]);
  useEffect(() => {
    if (flushIntervalMs !== undefined) void live.setFlushInterval(flushIntervalMs);
  }, [live, flushIntervalMs]);
  return <LiveContext value={live}>{children}</LiveContext>;
}
