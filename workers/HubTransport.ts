/**
 * The slice of a SignalR HubConnection the engine uses. The real one wraps
 * @microsoft/signalr (signalrTransport.ts); unit tests use a fake hub.
 */
import type { HubName } from '../src/contract/hubs.ts';

export type HubMessageHandler = (...args: unknown[]) => void;

export interface HubTransport {
  /** Rejects when the connection cannot be established (a 401 included). */
  start(): Promise<void>;
  stop(): Promise<void>;
  invoke(method: string, ...args: unknown[]): Promise<unknown>;
  on(message: string, handler: HubMessageHandler): void;
  /** The connection dropped and the transport is reconnecting by itself. */
  onReconnecting(handler: (error?: Error) => void): void;
  /** Reconnected with a new connection id: the server has forgotten every subscription. */
  onReconnected(handler: () => void): void;
  /** Closed for good (stop, server Close without reconnect, or retries given up). */
  onClose(handler: (error?: Error) => void): void;
  /** While reconnecting by itself: the next attempt starts in `delayMs`. */
  onRetryScheduled?(handler: (delayMs: number) => void): void;
}

export type HubTransportFactory = (hub: HubName) => HubTransport;
