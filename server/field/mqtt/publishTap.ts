/**
 * QoS 0 PUBLISH packets taken off a broker socket before MQTT.js sees them (bench/README.md
 * "The field plant"). MQTT.js parses every packet through a buffer list, an object and several
 * buffer views, calls its trace a dozen times and handles each message on a tick of its own: at
 * 50,000 messages a second that was a third of the server's CPU. A QoS 0 PUBLISH of MQTT 3.1.1 is
 * a fixed header, the topic and the payload, and asks nothing back; this reads it where the bytes
 * arrive and hands topic and payload to the handler MQTT.js's `message` event would have called.
 *
 * Every other packet (CONNACK, SUBACK, PINGRESP, a PUBLISH with QoS 1 or 2 that needs its
 * acknowledgement) goes on to MQTT.js unchanged, in order; from the first byte that does not
 * frame as MQTT, everything goes on to MQTT.js, which reports it as it always did.
 */
import { Socket } from 'node:net';
import { TLSSocket } from 'node:tls';
import type { PacedReads } from '../readPace.ts';

type Push = (chunk: unknown, encoding?: BufferEncoding) => boolean;

/**
 * A QoS 0 message: its payload is `bytes` from `start` to `end`, the chunk it arrived in (no
 * Buffer view per message: making one cost more than reading a flat payload).
 */
export type OnPublish = (topic: string, bytes: Buffer, start: number, end: number) => void;

/** Splits a byte stream into MQTT packets; takes the QoS 0 PUBLISHes, returns the rest. */
export class PublishReader {
  /** The start of a packet not complete yet. */
  private carry: Buffer | null = null;
  /** Set when the stream stops framing as MQTT: everything passes through from there. */
  broken = false;

  constructor(private readonly onPublish: OnPublish) {}

  /** The bytes of `chunk` (after what was carried) that are not taken: for MQTT.js, or null. */
  take(chunk: Buffer): Buffer | null {
    if (this.broken) return this.drain(chunk);
    const buf = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    this.carry = null;
    const end = buf.length;
    // Packets not taken, as [start, end) ranges of buf, adjacent ones merged.
    const pass: number[] = [];
    let i = 0;
    while (i < end) {
      const start = i;
      // Remaining length: 1-4 bytes, 7 bits each, least significant first.
      let length = 0;
      let j = i + 1;
      let complete = false;
      for (let k = 0; k < 4 && j < end; k++) {
        const d = buf[j++]!;
        length += (d & 0x7f) * 128 ** k;
        if ((d & 0x80) === 0) {
          complete = true;
          break;
        }
        if (k === 3) {
          this.broken = true;
          break;
        }
      }
      if (this.broken) {
        addRange(pass, start, end);
        break;
      }
      const packetEnd = j + length;
      if (!complete || packetEnd > end) {
        this.carry = buf.subarray(start);
        break;
      }
      const header = buf[start]!;
      // PUBLISH (type 3) with QoS 0 (flag bits 1-2 clear) and a topic within the packet.
      if (header >> 4 === 3 && (header & 0x06) === 0 && length >= 2) {
        const topicEnd = j + 2 + ((buf[j]! << 8) | buf[j + 1]!);
        if (topicEnd <= packetEnd) {
          const topic = buf.toString('utf8', j + 2, topicEnd);
          try {
            this.onPublish(topic, buf, topicEnd, packetEnd);
          } catch (err) {
            // As a throwing `message` listener of MQTT.js would: uncaught, but this stream's
            // framing stays whole.
            queueMicrotask(() => {
              throw err;
            });
          }
          i = packetEnd;
          continue;
        }
      }
      addRange(pass, start, packetEnd);
      i = packetEnd;
    }
    return piecesOf(buf, pass);
  }

  /** What is carried, and then `chunk`: once the stream is broken, or at its end. */
  drain(chunk: Buffer | null): Buffer | null {
    const carry = this.carry;
    this.carry = null;
    if (!carry) return chunk;
    return chunk ? Buffer.concat([carry, chunk]) : carry;
  }
}

function addRange(pass: number[], start: number, end: number): void {
  const n = pass.length;
  if (n > 0 && pass[n - 1] === start) pass[n - 1] = end;
  else pass.push(start, end);
}

function piecesOf(buf: Buffer, pass: readonly number[]): Buffer | null {
  if (pass.length === 0) return null;
  if (pass.length === 2) return buf.subarray(pass[0], pass[1]);
  const pieces: Buffer[] = [];
  for (let p = 0; p < pass.length; p += 2) pieces.push(buf.subarray(pass[p], pass[p + 1]));
  return Buffer.concat(pieces);
}

/** A first read after a hold this large: the hold let too much wait in the socket. */
export const BACKLOG_BYTES = 32 * 1024;
/** Holds a socket is then left out of (about a second of 50 ms batches). */
export const SKIP_HOLDS = 20;

/** The part of a socket's native handle that starts and stops reading (libuv's read_start/stop). */
interface ReadingHandle {
  reading: boolean;
  readStart(): number;
  readStop(): number;
}

function readingHandleOf(socket: Socket): ReadingHandle | null {
  const handle = (socket as unknown as { _handle?: Partial<ReadingHandle> | null })._handle;
  return handle && typeof handle.readStart === 'function' && typeof handle.readStop === 'function'
    ? (handle as ReadingHandle)
    : null;
}

/**
 * Holds and releases the reads of a plain TCP socket (server/field/readPace.ts): a hold stops
 * reading at the socket's handle, as net does itself when a stream's buffer is full, but leaves
 * the handle marked as reading, so that net does not start it again meanwhile; the release
 * starts it again. A socket that is not being read (still connecting, held back by net, closed)
 * is left as it is. A TLS socket is not held: its reads go through the TLS layer's own buffers.
 * A first read after a release of BACKLOG_BYTES or more (a fast stream, a server behind) means
 * the hold let too much wait: the next SKIP_HOLDS holds leave this socket out.
 */
export class SocketReads implements PacedReads {
  private held: ReadingHandle | null = null;
  /** Released, and nothing read since. */
  private released = false;
  /** Holds still to leave out. */
  private skip = 0;

  constructor(private readonly socket: Socket) {}

  /** A chunk read off the socket (before anything else sees it). */
  read(bytes: number): void {
    if (this.released && bytes >= BACKLOG_BYTES) this.skip = SKIP_HOLDS;
    this.released = false;
  }

  hold(): void {
    const socket = this.socket;
    if (this.skip > 0) {
      this.skip--;
      return;
    }
    if (this.held || socket.destroyed || socket.connecting || socket instanceof TLSSocket) return;
    const handle = readingHandleOf(socket);
    if (!handle?.reading) return;
    if (handle.readStop() === 0) this.held = handle;
  }

  release(): void {
    const handle = this.held;
    if (!handle) return;
    this.held = null;
    const socket = this.socket;
    // Closed meanwhile, or net stopped and restarted it on its own: nothing to start.
    if (socket.destroyed || readingHandleOf(socket) !== handle || !handle.reading) return;
    this.released = true;
    const err = handle.readStart();
    if (err !== 0) socket.destroy(new Error(`reading the broker socket failed again (${err})`));
  }
}

/**
 * Puts a PublishReader in front of MQTT.js on a TCP or TLS socket (what `mqtt://` and
 * `mqtts://` connect with); null for other streams (WebSockets), which MQTT.js reads alone.
 * The socket's own `push` is where its reads arrive (net's onStreamRead), before the stream
 * machinery: the reader sees each chunk once and MQTT.js gets the rest. The answer's reads can
 * be held between the field plant's batches (readPace.ts).
 */
export function tapPublishes(stream: unknown, onPublish: OnPublish): SocketReads | null {
  if (!(stream instanceof Socket)) return null;
  const reader = new PublishReader(onPublish);
  const reads = new SocketReads(stream);
  const push = stream.push.bind(stream) as Push;
  stream.push = (chunk: unknown, encoding?: BufferEncoding): boolean => {
    if (!Buffer.isBuffer(chunk)) {
      // The end (null): what is carried first, for MQTT.js to judge.
      const rest = chunk === null ? reader.drain(null) : null;
      if (rest) push(rest);
      return push(chunk, encoding);
    }
    reads.read(chunk.length);
    const rest = reader.take(chunk);
    return rest ? push(rest) : true;
  };
  return reads;
}
