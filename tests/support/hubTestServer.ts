/**
 * An in-process Fastify server with hubs for hub tests: a cookie-based fake AuthService
 * (session `pegel_session=<token>`, parsed leniently like the real one must), real metrics,
 * and helpers to build official @microsoft/signalr clients against it.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import * as signalR from '@microsoft/signalr';
import type { AuthService, SessionUser } from '../../server/auth/service.ts';
import { MetricsRegistry } from '../../server/http/metrics.ts';
import { CONDITION_WAIT_MS } from './testSize.ts';
import { parsePrometheusText } from '../../bench/harness/prometheus.ts';

export const SESSION_COOKIE = 'pegel_session';
export const VALID_TOKEN = 'valid-session';
export const OTHER_TOKEN = 'other-session';

const USERS: Record<string, SessionUser> = {
  [VALID_TOKEN]: {
    userId: 1,
    username: 'operator',
    role: 'operator',
    rights: new Set(),
    stations: null,
    sessionId: 's1',
  },
  [OTHER_TOKEN]: {
    userId: 2,
    username: 'other',
    role: 'operator',
    rights: new Set(),
    stations: null,
    sessionId: 's2',
  },
};

/** Reads one cookie from a Cookie header that may carry attributes (`a=1; Path=/; HttpOnly`). */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** Session tokens a test has ended (logout, expiry). */
export const endedSessions = new Set<string>();
/** A token that is valid until a test adds it to endedSessions. */
export const ENDABLE_TOKEN = 'endable-session';

export const cookieAuth: AuthService = {
  userOf(request) {
    const token = readCookie(request.headers.cookie, SESSION_COOKIE);
    if (!token || endedSessions.has(token)) return null;
    return (token === ENDABLE_TOKEN ? USERS[VALID_TOKEN] : USERS[token]) ?? null;
  },
};

export const SESSION_HEADER = `${SESSION_COOKIE}=${VALID_TOKEN}`;

export interface TestServer {
  app: FastifyInstance;
  url: string;
  metrics: MetricsRegistry;
  metricsText(): Promise<string>;
  close(): Promise<void>;
}

/** Builds the app, lets `setup` register hubs, listens on a free port of 127.0.0.1. */
export async function startTestServer(
  setup: (app: FastifyInstance, metrics: MetricsRegistry) => void,
): Promise<TestServer> {
  // Fastify's default body limit (1 MiB): the hub routes must set their own.
  const app = Fastify({ logger: false });
  const metrics = new MetricsRegistry();
  setup(app, metrics);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    app,
    url: `http://127.0.0.1:${address.port}`,
    metrics,
    metricsText: () => metrics.render(),
    close: () => app.close(),
  };
}

export interface ClientOptions {
  cookie?: string | null;
  transport?: signalR.HttpTransportType;
  reconnectDelaysMs?: number[];
  serverTimeoutMs?: number;
  keepAliveMs?: number;
  skipNegotiation?: boolean;
  accessToken?: string;
}

export function buildClient(url: string, options: ClientOptions = {}): signalR.HubConnection {
  const cookie = options.cookie === undefined ? SESSION_HEADER : options.cookie;
  const httpOptions: signalR.IHttpConnectionOptions = {
    headers: cookie ? { Cookie: cookie } : {},
    transport: options.transport ?? signalR.HttpTransportType.WebSockets,
    skipNegotiation: options.skipNegotiation ?? false,
  };
  if (options.accessToken) httpOptions.accessTokenFactory = () => options.accessToken!;
  let builder = new signalR.HubConnectionBuilder()
    .withUrl(url, httpOptions)
    .configureLogging(signalR.LogLevel.None);
  if (options.reconnectDelaysMs)
    builder = builder.withAutomaticReconnect(options.reconnectDelaysMs);
  if (options.serverTimeoutMs !== undefined)
    builder = builder.withServerTimeout(options.serverTimeoutMs);
  if (options.keepAliveMs !== undefined)
    builder = builder.withKeepAliveInterval(options.keepAliveMs);
  return builder.build();
}

/** Resolves with the value of the first sample of `name` with these labels (0 if none). */
export async function metricValue(
  exposition: string | Promise<string>,
  name: string,
  labels: Record<string, string>,
): Promise<number> {
  return parsePrometheusText(await exposition).find(name, labels)[0]?.value ?? 0;
}

/** Polls `check` until it returns true or the time is up. */
export async function waitFor(
  check: () => boolean,
  timeoutMs = CONDITION_WAIT_MS,
  what = 'condition',
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
