/**
 * Reads a large JSON answer whose bulk is one array field (`{"alerts": [ ...100,000 rows ],
 * "remainingCount": 3}`) in slices instead of one `response.json()`: the engine thread parsed
 * 30 MB in one task of 130-300 ms, and every tab's live values waited that long. The text is
 * scanned as it arrives; complete elements are parsed a batch at a time (`JSON.parse` of
 * `[e1,e2,...]`), and between slices of work the reader gives the thread back.
 */

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;

/** Where the scan is: before the array field, inside it, after it. */
const Stage = { Before: 0, Inside: 1, After: 2 } as const;
type Stage = (typeof Stage)[keyof typeof Stage];

/**
 * Splits a JSON object's text, pushed in any pieces, into the elements of one array field
 * (parsed as they complete) and the rest of the object (parsed at the end, with that field
 * as an empty array).
 */
export class ArrayFieldSplitter {
  /** Text not yet consumed: before the field all of it, inside from the next element on. */
  private text = '';
  private scanned = 0;
  private depth = 0;
  private inString = false;
  private stringStart = 0;
  private lastKey: string | null = null;
  private stage: Stage = Stage.Before;
  private rest = '';

  constructor(private readonly field: string) {}

  /** Takes the next piece of text; returns the array's elements completed by it, in order. */
  push(piece: string): unknown[] {
    if (this.stage === Stage.After) {
      this.rest += piece;
      return [];
    }
    this.text += piece;
    const text = this.text;
    const n = text.length;
    // End (exclusive) of the last complete element inside the array; -1 when none yet.
    let complete = -1;
    let i = this.scanned;
    for (; i < n; i++) {
      if (this.inString) {
        const q = text.indexOf('"', i);
        if (q < 0) break;
        let backslashes = 0;
        for (let b = q - 1; b > this.stringStart && text.charCodeAt(b) === BACKSLASH; b--)
          backslashes++;
        i = q;
        if (backslashes % 2 === 1) continue;
        this.inString = false;
        if (this.depth === 1 && this.stage === Stage.Before)
          this.lastKey = JSON.parse(text.slice(this.stringStart, q + 1)) as string;
        continue;
      }
      const c = text.charCodeAt(i);
      if (c === QUOTE) {
        this.inString = true;
        this.stringStart = i;
      } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
        this.depth++;
        if (c === OPEN_ARRAY && this.depth === 2 && this.lastKey === this.field) {
          // Everything up to the bracket is the rest; elements start after it.
          this.rest = text.slice(0, i + 1);
          this.stage = Stage.Inside;
          this.text = text.slice(i + 1);
          this.scanned = 0;
          this.stringStart = 0;
          return this.push('');
        }
      } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
        this.depth--;
        if (this.stage === Stage.Inside && this.depth === 1) {
          const last = this.parse(text.slice(0, i));
          this.stage = Stage.After;
          this.rest += text.slice(i);
          this.text = '';
          return last;
        }
      } else if (c === COMMA && this.stage === Stage.Inside && this.depth === 2) {
        complete = i;
      }
    }
    this.scanned = Math.min(i, n);
    if (this.stage === Stage.Before || complete < 0) return [];
    const done = this.parse(text.slice(0, complete));
    this.text = text.slice(complete + 1);
    this.scanned -= complete + 1;
    this.stringStart -= complete + 1;
    return done;
  }

  /** The object without the array field's elements; throws when the text was incomplete. */
  end(): Record<string, unknown> {
    const whole = this.stage === Stage.Before ? this.text : this.rest;
    if (this.stage === Stage.Inside) throw new Error(`JSON ended inside "${this.field}"`);
    const value: unknown = JSON.parse(whole);
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new Error('expected a JSON object');
    return value as Record<string, unknown>;
  }

  private parse(elements: string): unknown[] {
    return /\S/.test(elements) ? (JSON.parse(`[${elements}]`) as unknown[]) : [];
  }
}

/** Gives the thread back between slices; `now` is a monotonic clock in ms. */
export interface SliceScheduler {
  now(): number;
  pause(): Promise<void>;
}

/** A task boundary without the 4 ms clamp nested timeouts get. */
export const taskScheduler: SliceScheduler = {
  now: () => performance.now(),
  pause: () =>
    new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    }),
};

/** Text pushed at once: about a thousand alert rows, a millisecond or two of parsing. */
const PIECE_CHARS = 256 * 1024;
/** Work between two pauses. */
const SLICE_MS = 8;

/**
 * Reads `body` (UTF-8 JSON of an object) and returns the elements of `field`, each passed
 * through `keep` (false drops it), and the object's other fields.
 */
export async function readArrayField<T>(
  body: ReadableStream<Uint8Array>,
  field: string,
  keep: (element: unknown) => element is T,
  scheduler: SliceScheduler = taskScheduler,
): Promise<{ elements: T[]; rest: Record<string, unknown> }> {
  const splitter = new ArrayFieldSplitter(field);
  const elements: T[] = [];
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let sliceStart = scheduler.now();
  for (;;) {
    const { done, value } = await reader.read();
    const text = done ? decoder.decode() : decoder.decode(value, { stream: true });
    for (let at = 0; at < text.length; at += PIECE_CHARS) {
      for (const element of splitter.push(text.slice(at, at + PIECE_CHARS)))
        if (keep(element)) elements.push(element);
      if (scheduler.now() - sliceStart >= SLICE_MS) {
        await scheduler.pause();
        sliceStart = scheduler.now();
      }
    }
    if (done) break;
  }
  return { elements, rest: splitter.end() };
}
