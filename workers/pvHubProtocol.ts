/**
 * The PV hub's protocol: SignalR's JSON hub protocol, except that a `newValues` invocation
 * is read straight into a PvValueBatch (pvValueBatch.ts) instead of through `JSON.parse`.
 * It is handed to the official client with `withHubProtocol` (its extension point for
 * protocols); the client still does the connection, handshake, framing, invocations and
 * reconnects. Every other message, and any `newValues` text the reader does not take as a
 * JSON array of values, goes to the official JsonHubProtocol as it is, so what it accepts,
 * and how it fails, stay the official client's.
 */
import {
  JsonHubProtocol,
  MessageType,
  type HubMessage,
  type IHubProtocol,
  type ILogger,
  type InvocationMessage,
} from '@microsoft/signalr';
import { HUB_MESSAGES } from '../src/contract/hubs.ts';
import { PvValueBatch } from './pvValueBatch.ts';
import { PvValuesReader } from './pvValuesReader.ts';

const RECORD_SEPARATOR = '\x1e';
/** How the server writes a `newValues` invocation up to its array of values (protocol.ts). */
const NEW_VALUES_PREFIX = `{"type":1,"target":"${HUB_MESSAGES.newValues}","arguments":[[`;
const CLOSE_ARRAY = 93;
const CLOSE_OBJECT = 125;

export class PvHubProtocol implements IHubProtocol {
  private readonly json = new JsonHubProtocol();
  private readonly reader = new PvValuesReader();
  /** The batch filled last; filled again once the engine has read it. */
  private spare: PvValueBatch | null = null;

  readonly name = this.json.name;
  readonly version = this.json.version;
  readonly transferFormat = this.json.transferFormat;

  parseMessages(input: string | ArrayBuffer, logger: ILogger): HubMessage[] {
    // The official protocol's own words for binary input.
    if (typeof input !== 'string')
      throw new Error('Invalid input for JSON hub protocol. Expected a string.');
    if (!input.endsWith(RECORD_SEPARATOR) || !input.includes(NEW_VALUES_PREFIX))
      return this.json.parseMessages(input, logger);
    const messages: HubMessage[] = [];
    for (let from = 0; from < input.length;) {
      const end = input.indexOf(RECORD_SEPARATOR, from);
      const values = input.startsWith(NEW_VALUES_PREFIX, from)
        ? this.newValues(input, from + NEW_VALUES_PREFIX.length, end)
        : null;
      if (values) messages.push(values);
      else messages.push(...this.json.parseMessages(input.slice(from, end + 1), logger));
      from = end + 1;
    }
    return messages;
  }

  writeMessage(message: HubMessage): string | ArrayBuffer {
    return this.json.writeMessage(message);
  }

  /** The invocation whose values are `text[start, end)` up to `]]}`, or null. */
  private newValues(text: string, start: number, end: number): InvocationMessage | null {
    const batch = this.spare && !this.spare.inUse ? this.spare : new PvValueBatch();
    batch.reset();
    const after = this.reader.read(text, start, batch);
    if (
      after < 0 ||
      after + 2 !== end ||
      text.charCodeAt(after) !== CLOSE_ARRAY ||
      text.charCodeAt(after + 1) !== CLOSE_OBJECT
    ) {
      batch.release();
      return null;
    }
    this.spare = batch;
    return { type: MessageType.Invocation, target: HUB_MESSAGES.newValues, arguments: [batch] };
  }
}
