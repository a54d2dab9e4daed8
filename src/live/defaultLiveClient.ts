/** The one LiveClient of this tab, created on first use. */
import { connectEngine } from './connectEngine.ts';
import { LiveClient } from './LiveClient.ts';
import { redirectToLogout } from './sessionRedirect.ts';

let client: LiveClient | null = null;

export function getDefaultLiveClient(): LiveClient {
  if (!client) {
    client = new LiveClient(connectEngine(), { onSessionEnded: redirectToLogout });
    // The bench suite reads this tab's data-path figures here (bench/harness/appProbe.ts).
    (window as Window & { __pegelBench?: unknown }).__pegelBench = client.probe;
  }
  return client;
}
