/**
 * Server-Sent Events as a hub transport (SIGNALR.md "SSE"): the GET response stays open and
 * every frame goes out as `data:` lines plus a blank line. Some plant networks block
 * WebSockets; this keeps live data flowing there.
 */
import type { ServerResponse } from 'node:http';
import type { HubTransport } from './HubConnection.ts';

export function encodeSseEvent(text: string): string {
  // NOTE: JSON frames hold no raw newlines, but a payload with one must become several lines.
  if (!text.includes('\n')) return `data: ${text}\n\n`;
  return `${text
    .split('\n')
    .map((line) => `data: ${line}`)
    .join('\n')}\n\n`;
}

export function createSseTransport(response: ServerResponse, onClose: () => void): HubTransport {
  response.writeHead(200, {
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
    // Proxies such as nginx would otherwise buffer the stream.
    'X-Accel-Buffering': 'no',
  });
  response.socket?.setNoDelay(true);
  // A comment line, so the client sees the stream open before the first message.
  response.write(':\n\n');
  response.on('close', onClose);
  return {
    name: 'ServerSentEvents',
    write: (frame) => {
      response.write(encodeSseEvent(frame));
    },
    backlog: () => response.writableLength,
    end: () => {
      if (!response.writableEnded) response.end();
    },
  };
}
