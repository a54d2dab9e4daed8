/**
 * HubTransport over the official @microsoft/signalr client (SIGNALR.md).
 * NOTE: withAutomaticReconnect only covers connections that were up; a failed first
 * start() is retried by HubChannel with the same policy.
 */
import {
  HttpTransportType,
  HubConnectionBuilder,
  LogLevel,
  type HubConnection,
  type IRetryPolicy,
  type RetryContext,
} from '@microsoft/signalr';
import { HUBS, type HubName } from '../src/contract/hubs.ts';
import { isUnauthorizedError } from './hubErrors.ts';
import type { HubTransport, HubTransportFactory } from './HubTransport.ts';
import type { RetryPolicy } from './retryPolicy.ts';

/** SPEC §7: hub logging level is Information. */
export const HUB_LOG_LEVEL = LogLevel.Information;

/**
 * The transports the engine asks for, those the hub server offers (server/hubs): WebSockets,
 * and Server-Sent Events where a WebSocket cannot get through. Long polling is not asked for
 * (a server that offers it gets "disabled by the client"), and the build leaves it out of the
 * client (scripts/signalrUnusedParts.ts).
 */
export const ENGINE_TRANSPORTS = HttpTransportType.WebSockets | HttpTransportType.ServerSentEvents;

export function createSignalrTransportFactory(
  baseUrl: string,
  policy: RetryPolicy,
  logLevel: LogLevel = HUB_LOG_LEVEL,
): HubTransportFactory {
  return (hub: HubName) =>
    createSignalrTransport(new URL(HUBS[hub], baseUrl).href, policy, logLevel, hub === 'pv');
}

/**
 * NOTE: during reconnect a 401 is "just a failed attempt" to the SignalR client
 * (SIGNALR.md), and with a never-ending policy it would retry forever. Stop instead; the
 * transport reports the 401 as the close reason.
 */
export function toSignalrRetryPolicy(
  policy: RetryPolicy,
  onUnauthorized: (error: Error) => void,
  onScheduled?: (delayMs: number) => void,
): IRetryPolicy {
  return {
    nextRetryDelayInMilliseconds(context: RetryContext) {
      if (isUnauthorizedError(context.retryReason)) {
        onUnauthorized(context.retryReason);
        return null;
      }
      const delay = policy.nextRetryDelayMs(context.previousRetryCount);
      if (delay !== null) onScheduled?.(delay);
      return delay;
    },
  };
}

function createSignalrTransport(
  url: string,
  policy: RetryPolicy,
  logLevel: LogLevel,
  /** The PV hub: `newValues` is read into columns (pvHubProtocol.ts). */
  pvValues: boolean,
): HubTransport {
  let unauthorized: Error | undefined;
  let scheduled: ((delayMs: number) => void) | undefined;
  const retry = toSignalrRetryPolicy(
    policy,
    (error) => (unauthorized = error),
    (delayMs) => scheduled?.(delayMs),
  );
  // SIGNALR.md: in a worker there is no document, so the URL must already be absolute.
  const builder = new HubConnectionBuilder()
    .withUrl(url, ENGINE_TRANSPORTS)
    .withAutomaticReconnect(retry)
    .configureLogging(logLevel);
  // The PV hub's protocol (its `newValues` reader) loads with the hub's first start, not with
  // the engine. Until then, what the engine registers waits for the connection.
  let connection: HubConnection | undefined = pvValues ? undefined : builder.build();
  const waiting: ((connection: HubConnection) => void)[] = [];
  const withConnection = (use: (connection: HubConnection) => void): void => {
    if (connection) use(connection);
    else waiting.push(use);
  };
  const connect = async (): Promise<HubConnection> => {
    if (connection) return connection;
    const { PvHubProtocol } = await import('./pvHubProtocol.ts');
    connection ??= builder.withHubProtocol(new PvHubProtocol()).build();
    for (const use of waiting.splice(0)) use(connection);
    return connection;
  };
  return {
    async start() {
      unauthorized = undefined;
      await (await connect()).start();
    },
    stop: async () => {
      await connection?.stop();
    },
    invoke: async (method, ...args) => (await connect()).invoke<unknown>(method, ...args),
    on: (message, handler) => withConnection((c) => c.on(message, handler)),
    onReconnecting: (handler) => withConnection((c) => c.onreconnecting(handler)),
    onReconnected: (handler) => withConnection((c) => c.onreconnected(() => handler())),
    onClose: (handler) =>
      withConnection((c) => c.onclose((error) => handler(error ?? unauthorized))),
    onRetryScheduled: (handler) => (scheduled = handler),
  };
}
