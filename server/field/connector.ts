/**
 * The seam between a field plant (server/field/FieldPlant.ts) and one station's link to the
 * field (MQTT JSON, Sparkplug B, Modbus TCP, OPC UA). A connector knows its protocol and the
 * points the plant file gave it; it knows nothing of PVs, alerts or hubs. The field plant turns
 * its samples into PV values on the server's batched value path and its link state into the
 * station's dial state.
 *
 * Rules every connector keeps (issue 56, DESIGN.md "The field plant"):
 * - it reconnects with backoff (`backoffDelay`) for as long as it runs; nothing needs a restart;
 * - a lost link reports `link('down', reason)` at once, and the field plant turns every point of
 *   the station "not good" within 5 s, keeping the last value and its source timestamp;
 * - a point the device refuses or reports bad (Modbus exception, OPC UA bad status, Sparkplug
 *   DDEATH) comes as a sample with `quality: 'Bad'` and a reason, never as a made-up value;
 * - bad input (malformed JSON, an undecodable payload, a value outside its type) never throws out
 *   of the connector: it is reported through `badInput` and the point is marked;
 * - a write resolves with the device's answer; the new value is shown only when the device
 *   reports it back as a sample.
 */

/** A point's value as read from the field; `null` with quality Bad when there is none. */
export type FieldScalar = number | boolean;

export type FieldQuality = 'Good' | 'Uncertain' | 'Bad';

export interface FieldSample {
  /** The point's id as the plant file names it (the PV's key within the station). */
  readonly pointId: string;
  readonly value: FieldScalar | null;
  readonly quality: FieldQuality;
  /** Source timestamp (epoch ms) when the device sends one; else the time it was received. */
  readonly sourceTime: number;
  /** Why the quality is not good, in words for the PV info (e.g. "Modbus exception 2"). */
  readonly reason?: string;
  /**
   * The kind of that reason: the device went offline (a Sparkplug death), or (the default) the
   * device refused or reported the point bad; a value with a quality not Good is 'device-quality'.
   */
  readonly reasonKind?: 'device-death' | 'device-refused';
  /**
   * A value sent late, at its own time (Sparkplug `is_historical`, a store-and-forward buffer
   * emptied after an outage): it goes into the archive only, never to the live value or alarms.
   */
  readonly historical?: boolean;
}

export type LinkState = 'connecting' | 'up' | 'down';

/** Why a piece of input was thrown away; counted in /metrics by station and reason. */
export type BadInputReason =
  | 'malformed-json'
  | 'undecodable-payload'
  | 'out-of-range'
  | 'wrong-type'
  | 'missing-field'
  | 'unknown-alias'
  | 'modbus-exception'
  | 'bad-node-id'
  | 'bad-status'
  | 'other';

/** Why a Sparkplug host asked an edge node for its births again. */
export type RebirthReason = 'connect' | 'unknown-alias' | 'data-before-birth' | 'sequence-gap';

export interface ConnectorSink {
  /** Values as they arrive; the field plant batches them onto the value path. */
  samples(samples: readonly FieldSample[]): void;
  /**
   * One Good live value of `points[index]` (the points the connector was made with), the same
   * as `samples([{ pointId: points[index].id, value, quality: 'Good', sourceTime }])` without
   * the sample, its array and the point's lookup by id: a connector with one message per value
   * (MQTT JSON, up to 100,000 a second) calls it when it is there (bench/README.md "The field
   * plant").
   */
  good?(index: number, value: FieldScalar, sourceTime: number): void;
  /** The link's state; `reason` says why it is down (shown to the operator). */
  link(state: LinkState, reason?: string): void;
  /** Input thrown away; `pointId` when it concerns one point (that point is marked). */
  badInput(reason: BadInputReason, detail: string, pointId?: string): void;
  /** A Sparkplug rebirth asked of `node`; counted in /metrics by station and reason. */
  rebirth?(reason: RebirthReason, node: string): void;
}

export type WriteOutcome =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: string; readonly readOnly?: boolean };

export interface Connector {
  /** Starts connecting; returns at once. Reconnects on its own until `stop`. */
  start(sink: ConnectorSink): void;
  /** Closes the link and every timer; the promise settles when nothing is left open. */
  stop(): Promise<void>;
  /** Writes a point (set value, DigiOut command, counter reset); resolves with the device's word. */
  write(pointId: string, value: FieldScalar): Promise<WriteOutcome>;
}

/** Reconnect delay after `attempt` failures in a row: 0.5 s doubling to 30 s, ±20 % jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 500 * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.8 + 0.4 * random()));
}
