/**
 * The SignalR JSON hub protocol (SIGNALR.md): record-separated JSON messages, the handshake
 * and the message types. Only the shapes and their parsing; no I/O.
 */

export const RECORD_SEPARATOR = '\x1e';

export const MESSAGE_TYPE = {
  invocation: 1,
  streamItem: 2,
  completion: 3,
  streamInvocation: 4,
  cancelInvocation: 5,
  ping: 6,
  close: 7,
  ack: 8,
  sequence: 9,
} as const;

export interface InvocationMessage {
  type: 1;
  invocationId?: string;
  target: string;
  arguments: unknown[];
  streamIds?: string[];
}
export interface StreamInvocationMessage {
  type: 4;
  invocationId: string;
  target: string;
  arguments: unknown[];
}
export interface CancelInvocationMessage {
  type: 5;
  invocationId: string;
}
export interface CloseMessage {
  type: 7;
  error?: string;
  allowReconnect?: boolean;
}
/** Types the server reads but does not act on (stream items, completions, pings, acks). */
export interface IgnoredMessage {
  type: 2 | 3 | 6 | 8 | 9 | 'unknown';
}
export type IncomingHubMessage =
  | InvocationMessage
  | StreamInvocationMessage
  | CancelInvocationMessage
  | CloseMessage
  | IgnoredMessage;

export class ProtocolError extends Error {}

/**
 * A payload serialised once and written as is into every connection's frame: a value sent
 * to many connections is stringified once, not once per connection.
 */
export class RawJson {
  constructor(readonly json: string) {}

  static of(value: unknown): RawJson {
    return new RawJson(JSON.stringify(value));
  }
}

/** JSON text of one argument; like JSON.stringify in an array, undefined becomes null. */
export function jsonOf(item: unknown): string {
  if (item instanceof RawJson) return item.json;
  return JSON.stringify(item) ?? 'null';
}

/** An invocation of `target` whose arguments are already serialised. */
export function frameInvocationRaw(target: string, argsJson: string): string {
  return `{"type":1,"target":${JSON.stringify(target)},"arguments":${argsJson}}${RECORD_SEPARATOR}`;
}

/** One outgoing message, framed. */
export function frameMessage(message: object): string {
  return JSON.stringify(message) + RECORD_SEPARATOR;
}

export const PING_FRAME = frameMessage({ type: MESSAGE_TYPE.ping });
export const HANDSHAKE_OK_FRAME = frameMessage({});

/**
 * Splits incoming text into records. A frame may hold several records and a record may
 * span frames, so the unfinished tail is kept for the next push.
 */
export class RecordReader {
  private tail = '';

  push(text: string): string[] {
    const data = this.tail ? this.tail + text : text;
    const parts = data.split(RECORD_SEPARATOR);
    this.tail = parts.pop() ?? '';
    return parts;
  }

  get pendingChars(): number {
    return this.tail.length;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ProtocolError('Message is not valid JSON.');
  }
  if (!isRecord(value)) throw new ProtocolError('Message is not a JSON object.');
  return value;
}

export interface HandshakeRequest {
  protocol: string;
  version: number;
}

export function parseHandshake(text: string): HandshakeRequest {
  const value = parseJson(text);
  if (typeof value.protocol !== 'string' || typeof value.version !== 'number') {
    throw new ProtocolError('Handshake request needs a protocol name and a version.');
  }
  return { protocol: value.protocol, version: value.version };
}

function invocationId(value: Record<string, unknown>, required: boolean): string | undefined {
  const id = value.invocationId;
  if (id === undefined || id === null) {
    if (required) throw new ProtocolError('Missing invocationId.');
    return undefined;
  }
  if (typeof id !== 'string') throw new ProtocolError('invocationId must be a string.');
  return id;
}

export function parseHubMessage(text: string): IncomingHubMessage {
  const value = parseJson(text);
  switch (value.type) {
    case MESSAGE_TYPE.invocation:
    case MESSAGE_TYPE.streamInvocation: {
      if (typeof value.target !== 'string') throw new ProtocolError('Missing target.');
      const args = value.arguments ?? [];
      if (!Array.isArray(args)) throw new ProtocolError('arguments must be an array.');
      const streamIds = value.streamIds;
      if (value.type === MESSAGE_TYPE.streamInvocation) {
        return {
          type: 4,
          invocationId: invocationId(value, true)!,
          target: value.target,
          arguments: args,
        };
      }
      const message: InvocationMessage = { type: 1, target: value.target, arguments: args };
      const id = invocationId(value, false);
      if (id !== undefined) message.invocationId = id;
      if (Array.isArray(streamIds) && streamIds.length > 0)
        message.streamIds = streamIds.map(String);
      return message;
    }
    case MESSAGE_TYPE.cancelInvocation:
      return { type: 5, invocationId: invocationId(value, true)! };
    case MESSAGE_TYPE.close: {
      const message: CloseMessage = { type: 7 };
      if (typeof value.error === 'string') message.error = value.error;
      return message;
    }
    case MESSAGE_TYPE.streamItem:
    case MESSAGE_TYPE.completion:
    case MESSAGE_TYPE.ping:
    case MESSAGE_TYPE.ack:
    case MESSAGE_TYPE.sequence:
      return { type: value.type };
    default:
      if (typeof value.type !== 'number') throw new ProtocolError('Message has no type.');
      // NOTE: like the official client, unknown message types are ignored (forward compatibility).
      return { type: 'unknown' };
  }
}
