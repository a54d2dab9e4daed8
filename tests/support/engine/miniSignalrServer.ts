/**
 * The smallest SignalR JSON-over-WebSocket server that the official client accepts
 * (SIGNALR.md: negotiate v1, handshake, invocations with completions, pushes), for
 * testing the engine's SignalR transport without the plant server.
 */
import http from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';

const RS = '\x1e';

export interface MiniInvocation {
  hub: string;
  target: string;
  args: unknown[];
}

export interface MiniSignalrServer {
  baseUrl: string;
  invocations: MiniInvocation[];
  /** Answers per method name; called with the arguments, may push through `push`. */
  answer(
    target: string,
    fn: (args: unknown[], push: (target: string, ...args: unknown[]) => void) => unknown,
  ): void;
  /** Negotiate answers 401 while true. */
  denyNegotiate: boolean;
  /** Cuts every open socket (1006), as a crashed server would. */
  dropAll(): void;
  close(): Promise<void>;
}

export interface MiniSignalrOptions {
  /** The transports negotiate offers (default: WebSockets, the only one this server speaks). */
  transports?: { transport: string; transferFormats: string[] }[];
}

export async function startMiniSignalrServer(
  options: MiniSignalrOptions = {},
): Promise<MiniSignalrServer> {
  const transports = options.transports ?? [{ transport: 'WebSockets', transferFormats: ['Text'] }];
  const answers = new Map<
    string,
    (args: unknown[], push: (target: string, ...args: unknown[]) => void) => unknown
  >();
  const sockets = new Set<WebSocket>();
  const http401 = { deny: false };
  const server = http.createServer((request, response) => {
    if (!request.url?.includes('/negotiate')) {
      response.writeHead(404).end();
      return;
    }
    if (http401.deny) {
      response.writeHead(401).end();
      return;
    }
    const id = Math.random().toString(36).slice(2);
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        connectionId: id,
        connectionToken: id,
        negotiateVersion: 1,
        availableTransports: transports,
      }),
    );
  });
  const invocations: MiniInvocation[] = [];
  const wss = new WebSocketServer({ server });
  wss.on('connection', (socket, request) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const hub = (request.url ?? '').split('?')[0] ?? '';
    const send = (message: object) => socket.send(JSON.stringify(message) + RS);
    const push = (target: string, ...args: unknown[]) => send({ type: 1, target, arguments: args });
    let handshaken = false;
    socket.on('message', (data: Buffer) => {
      for (const text of data.toString().split(RS).filter(Boolean)) {
        const message = JSON.parse(text) as {
          type?: number;
          invocationId?: string;
          target?: string;
          arguments?: unknown[];
        };
        if (!handshaken) {
          handshaken = true;
          socket.send('{}' + RS);
          continue;
        }
        if (message.type !== 1 || !message.target) continue;
        const args = message.arguments ?? [];
        invocations.push({ hub, target: message.target, args });
        const result = answers.get(message.target)?.(args, push) ?? null;
        if (message.invocationId !== undefined)
          send({ type: 3, invocationId: message.invocationId, result });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    invocations,
    answer: (target, fn) => answers.set(target, fn),
    get denyNegotiate() {
      return http401.deny;
    },
    set denyNegotiate(value: boolean) {
      http401.deny = value;
    },
    dropAll() {
      for (const socket of sockets) socket.terminate();
    },
    async close() {
      for (const socket of sockets) socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
