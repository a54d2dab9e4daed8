/**
 * A bare WebSocket hub client for protocol tests that the official client cannot express:
 * frame boundaries, fire-and-forget without completions, silence, bad handshakes.
 */
import WebSocket from 'ws';
import { SESSION_HEADER } from './hubTestServer.ts';

export const RS = '\x1e';

export interface NegotiateAnswer {
  connectionId: string;
  connectionToken?: string;
  negotiateVersion: number;
  availableTransports: { transport: string; transferFormats: string[] }[];
}

export async function negotiate(
  hubUrl: string,
  version: number | null,
  cookie: string | null = SESSION_HEADER,
): Promise<{ status: number; body: NegotiateAnswer | null }> {
  const query = version === null ? '' : `?negotiateVersion=${version}`;
  const res = await fetch(`${hubUrl}/negotiate${query}`, {
    method: 'POST',
    headers: cookie ? { cookie } : {},
  });
  const body = res.status === 200 ? ((await res.json()) as NegotiateAnswer) : null;
  return { status: res.status, body };
}

export class RawHubClient {
  readonly frames: string[] = [];
  readonly closed: Promise<number>;
  private waiters: (() => void)[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(data.toString());
      for (const w of this.waiters.splice(0)) w();
    });
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
  }

  /** Opens the socket; rejects with the HTTP status when the upgrade is refused. */
  static open(wsUrl: string, cookie: string | null = SESSION_HEADER): Promise<RawHubClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(wsUrl, { headers: cookie ? { cookie } : {} });
      const client = new RawHubClient(ws);
      ws.once('open', () => resolve(client));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  /** Negotiates (v1) and opens the WebSocket of a hub. */
  static async connect(hubUrl: string): Promise<RawHubClient> {
    const { body } = await negotiate(hubUrl, 1);
    return RawHubClient.open(`${hubUrl.replace(/^http/, 'ws')}?id=${body!.connectionToken}`);
  }

  send(text: string): void {
    this.ws.send(text);
  }

  /** Sends the JSON handshake and waits for the server's answer. */
  async handshake(): Promise<string> {
    this.send(`{"protocol":"json","version":1}${RS}`);
    return this.nextFrame();
  }

  /** All records received so far, parsed. */
  records(): Record<string, unknown>[] {
    return this.frames
      .join('')
      .split(RS)
      .filter((r) => r.length > 0)
      .map((r) => JSON.parse(r) as Record<string, unknown>);
  }

  async nextFrame(timeoutMs = 3000): Promise<string> {
    const count = this.frames.length;
    await this.until(() => this.frames.length > count, timeoutMs);
    return this.frames[count]!;
  }

  async until(check: () => boolean, timeoutMs = 3000): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (!check()) {
      const left = end - Date.now();
      if (left <= 0) throw new Error('timed out');
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.ws.close();
  }
}
