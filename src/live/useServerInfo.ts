/**
 * Notices the server sends to every client (SPEC §7 `sendServerInfoMessage`), as they arrive
 * in this tab, until the user dismisses them.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ServerInfoMessage } from '../../workers/engineProtocol.ts';
import { useLiveClient } from './LiveContext.ts';

/** At most this many notices are kept; older ones make room. */
const MAX_NOTICES = 5;

export function useServerInfo(): {
  notices: readonly ServerInfoMessage[];
  dismiss(at: number): void;
} {
  const client = useLiveClient();
  const [notices, setNotices] = useState<readonly ServerInfoMessage[]>([]);
  useEffect(
    () =>
      client.onServerInfo((message) =>
        setNotices((held) => [...held, message].slice(-MAX_NOTICES)),
      ),
    [client],
  );
  const dismiss = useCallback(
    (at: number) => setNotices((held) => held.filter((n) => n.at !== at)),
    [],
  );
  return { notices, dismiss };
}
