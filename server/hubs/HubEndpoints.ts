/**
 * The HTTP side of the hub server (SIGNALR.md): negotiate, the WebSocket upgrade, and the
 * Server-Sent Events transport with its POST channel. Every request is authenticated with
 * AuthService.userOf; the connections themselves live in HubServer.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { SessionUser } from '../auth/service.ts';
import { badRequest, unauthorized } from '../http/errors.ts';
import { HubConnection, type ConnectionHost } from './HubConnection.ts';
import { createSseTransport } from './sseTransport.ts';
import type { Timers } from '../../src/domain/timers.ts';

const MAX_NEGOTIATE_VERSION = 1;

/** What the endpoints need to know of a hub. */
export interface EndpointHub {
  name: string;
  path: string;
}

/** What the endpoints need of the hub server. */
export interface EndpointHost {
  readonly log: FastifyBaseLogger;
  readonly timers: Timers;
  readonly closeGraceMs: number;
  userOf(request: { headers: IncomingMessage['headers'] }): SessionUser | null;
  hubAt(path: string): EndpointHub | undefined;
  connection(token: string): HubConnection | undefined;
  register(conn: HubConnection): void;
}

function newId(): string {
  return randomBytes(16).toString('base64url');
}

function textOf(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

/** The request headers that identify the session (kept to re-check it later). */
function credentialsOf(request: IncomingMessage): IncomingMessage['headers'] {
  const headers: IncomingMessage['headers'] = {};
  if (request.headers.cookie !== undefined) headers.cookie = request.headers.cookie;
  if (request.headers.authorization !== undefined) {
    headers.authorization = request.headers.authorization;
  }
  return headers;
}

function rejectUpgrade(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export class HubEndpoints {
  private readonly wss: WebSocketServer;
  private readonly sockets = new Set<WebSocket>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly host: EndpointHost,
    private readonly connectionHost: ConnectionHost,
    private readonly maxMessageBytes: number,
  ) {
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: maxMessageBytes,
      perMessageDeflate: false,
    });
    app.server.on('upgrade', this.onUpgrade);
  }

  /** The negotiate, SSE, POST and DELETE routes of one hub. */
  addRoutes(hub: EndpointHub): void {
    this.app.post(`${hub.path}/negotiate`, (request, reply) => this.negotiate(hub, request, reply));
    this.app.get(hub.path, (request, reply) => this.openSse(hub, request, reply));
    // Messages of the SSE transport may be as large as those over a WebSocket.
    this.app.post(hub.path, { bodyLimit: this.maxMessageBytes }, (request, reply) =>
      this.receivePost(hub, request, reply),
    );
    this.app.delete(hub.path, (request, reply) => this.deleteConnection(hub, request, reply));
  }

  close(): void {
    this.app.server.off('upgrade', this.onUpgrade);
    this.wss.close();
  }

  negotiate(hub: EndpointHub, request: FastifyRequest, reply: FastifyReply) {
    const user = this.host.userOf(request);
    if (!user) return reply.code(401).send(unauthorized().toBody());
    const query = request.query as Record<string, unknown>;
    const raw = query.negotiateVersion;
    const requested = raw === undefined || raw === '' ? 0 : Number(raw);
    if (!Number.isInteger(requested) || requested < 0) {
      return reply.code(400).send(badRequest('Invalid negotiateVersion.').toBody());
    }
    const version = Math.min(requested, MAX_NEGOTIATE_VERSION);
    const id = newId();
    const token = version >= 1 ? newId() : id;
    const conn = new HubConnection(id, token, hub.name, user, this.connectionHost);
    this.host.register(conn);
    const availableTransports = [
      { transport: 'WebSockets', transferFormats: ['Text'] },
      { transport: 'ServerSentEvents', transferFormats: ['Text'] },
    ];
    reply.header('Cache-Control', 'no-store');
    if (version === 0) return { connectionId: id, negotiateVersion: 0, availableTransports };
    return { connectionId: id, connectionToken: token, negotiateVersion: 1, availableTransports };
  }

  /** Finds the negotiated connection of a transport request, or answers the error. */
  private connectionFor(
    hub: EndpointHub,
    token: string | null | undefined,
    user: SessionUser,
  ): HubConnection | { status: number; reason: string } {
    if (!token) return { status: 400, reason: 'Bad Request' };
    const conn = this.host.connection(token);
    if (!conn || conn.hubName !== hub.name || conn.state === 'closed') {
      return { status: 404, reason: 'Not Found' };
    }
    if (conn.user.userId !== user.userId) return { status: 401, reason: 'Unauthorized' };
    return conn;
  }

  readonly onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const hub = this.host.hubAt(url.pathname);
    if (!hub) {
      // NOTE: another upgrade listener on the same server may own this path.
      if (this.app.server.listenerCount('upgrade') === 1) rejectUpgrade(socket, 404, 'Not Found');
      return;
    }
    const user = this.host.userOf(request);
    if (!user) {
      rejectUpgrade(socket, 401, 'Unauthorized');
      return;
    }
    const token = url.searchParams.get('id');
    let conn: HubConnection;
    if (token === null) {
      // skipNegotiation: the client connects without an id.
      const id = newId();
      conn = new HubConnection(id, id, hub.name, user, this.connectionHost);
      this.host.register(conn);
    } else {
      const found = this.connectionFor(hub, token, user);
      if (!(found instanceof HubConnection)) {
        rejectUpgrade(socket, found.status, found.reason);
        return;
      }
      conn = found;
    }
    if (conn.state !== 'negotiated' || conn.attaching) {
      rejectUpgrade(socket, 409, 'Conflict');
      return;
    }
    conn.attaching = true;
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      conn.attaching = false;
      if (conn.state !== 'negotiated') {
        ws.terminate();
        return;
      }
      this.attachWebSocket(conn, ws, credentialsOf(request));
    });
  };

  private attachWebSocket(
    conn: HubConnection,
    ws: WebSocket,
    credentials: IncomingMessage['headers'],
  ): void {
    this.sockets.add(ws);
    conn.attach(
      {
        name: 'WebSockets',
        write: (frame) => ws.send(frame),
        backlog: () => ws.bufferedAmount,
        end: () => {
          if (ws.readyState === WebSocket.OPEN) ws.close(1000);
        },
      },
      credentials,
    );
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        conn.close({ allowReconnect: false, error: 'Binary messages are not supported.' });
        return;
      }
      conn.receive(textOf(data));
    });
    ws.on('close', () => {
      this.sockets.delete(ws);
      conn.transportClosed();
    });
    ws.on('error', (err) => {
      this.host.log.debug({ err }, 'hub websocket error');
      conn.transportClosed();
    });
  }

  openSse(hub: EndpointHub, request: FastifyRequest, reply: FastifyReply) {
    const user = this.host.userOf(request);
    if (!user) return reply.code(401).send(unauthorized().toBody());
    if (!(request.headers.accept ?? '').includes('text/event-stream')) {
      return reply.code(400).send(badRequest('Use WebSockets or Server-Sent Events.').toBody());
    }
    const found = this.connectionFor(hub, (request.query as Record<string, string>).id, user);
    if (!(found instanceof HubConnection)) return reply.code(found.status).send();
    if (found.state !== 'negotiated' || found.attaching) return reply.code(409).send();
    reply.hijack();
    found.attach(
      createSseTransport(reply.raw, () => found.transportClosed()),
      credentialsOf(request.raw),
    );
    return reply;
  }

  receivePost(hub: EndpointHub, request: FastifyRequest, reply: FastifyReply) {
    const user = this.host.userOf(request);
    if (!user) return reply.code(401).send(unauthorized().toBody());
    const found = this.connectionFor(hub, (request.query as Record<string, string>).id, user);
    if (!(found instanceof HubConnection)) return reply.code(found.status).send();
    if (found.transport?.name !== 'ServerSentEvents') {
      return reply
        .code(400)
        .send(badRequest('This connection does not take POSTed messages.').toBody());
    }
    if (found.postInFlight) return reply.code(409).send();
    const body: unknown = request.body;
    const text = typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString() : null;
    if (text === null)
      return reply.code(400).send(badRequest('Expected framed text messages.').toBody());
    found.postInFlight = true;
    try {
      found.receive(text);
    } finally {
      found.postInFlight = false;
    }
    return reply.code(200).send('');
  }

  deleteConnection(hub: EndpointHub, request: FastifyRequest, reply: FastifyReply) {
    const user = this.host.userOf(request);
    if (!user) return reply.code(401).send(unauthorized().toBody());
    const found = this.connectionFor(hub, (request.query as Record<string, string>).id, user);
    if (!(found instanceof HubConnection)) return reply.code(found.status).send();
    found.abort();
    return reply.code(202).send('');
  }

  /** Resolves when every WebSocket has closed; stragglers are terminated after the grace. */
  waitForSockets(): Promise<void> {
    if (this.sockets.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const pending = [...this.sockets];
      let left = pending.length;
      const done = () => {
        if (--left === 0) {
          this.host.timers.clearTimeout(timer);
          resolve();
        }
      };
      const timer = this.host.timers.setTimeout(() => {
        for (const ws of pending) ws.terminate();
      }, this.host.closeGraceMs);
      for (const ws of pending) {
        if (ws.readyState === WebSocket.CLOSED) done();
        else ws.once('close', done);
      }
    });
  }
}
