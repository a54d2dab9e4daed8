/**
 * What the engine sends to a tab (types only; importable from tab and worker alike).
 * A tab receives frames, at most one per flush interval, and the `sessionEnded` event.
 */
import type { DisplayConnectionState, ServerStatus } from '../src/contract/enums.ts';
import type { PvConfig, PvValue } from '../src/contract/pv.ts';
import type { StationLiveData } from '../src/contract/station.ts';
import type { Alert } from '../src/contract/alerts.ts';
import type { DashboardNote } from '../src/contract/dashboard.ts';
import type { TextMessage } from '../src/contract/actions.ts';
import type { ChartLiveMessage } from './charts/chartProtocol.ts';
import type { ItemEntry, ItemError } from './topics/itemTopics.ts';
import type { PvValueColumns } from './pvColumns.ts';

export type { ChartLiveMessage } from './charts/chartProtocol.ts';

export type PvConfigEntry =
  { state: 'loading' } | { state: 'ready'; config: PvConfig } | { state: 'error'; error: string };

/** The answer of a one-shot config request: never `loading`. */
export type PvConfigResult = Exclude<PvConfigEntry, { state: 'loading' }>;

export interface ConnectionStatus {
  display: DisplayConnectionState;
  serverStatus: ServerStatus;
  /** Epoch ms of the last message from any hub, so a header can show the age when stale. */
  lastDataAt: number | null;
  /** While a hub is down: when the next connection attempt starts (the header counts down). */
  nextRetryAt: number | null;
  /**
   * The status channel is on its first attempt: it has neither connected nor failed yet, so
   * the initial WebServerDisconnected is not a finding (a tab shows "connecting", no fault).
   */
  firstStart: boolean;
}

/** SPEC §7 `sendServerInfoMessage`: a notice from the server to every tab. */
export interface ServerInfoMessage {
  type: 'serverInfo';
  message: string;
  /** When the engine received it (epoch ms), which also tells two equal texts apart. */
  at: number;
}

export interface Frame {
  type: 'frame';
  /** True when the frame carries every key the tab leases (first frame after hidden). */
  full: boolean;
  /**
   * Changed PV values of keys this tab leases; the latest value per key only. Plain values
   * come in `pvColumns` (transferred typed arrays), the rest here; `framePvValues` joins them.
   */
  pvValues: PvValue[];
  pvColumns?: PvValueColumns;
  /** Changed config states by PV key. */
  pvConfigs: [key: string, entry: PvConfigEntry][];
  stations: StationLiveData[];
  /** Changed items of keyed topics (alert state, limits, PV alarms, plans ...); null = none. */
  items: ItemEntry[];
  /** Keys of keyed topics whose subscribe failed, with why; absent when none did. */
  itemErrors?: ItemError[];
  /** Present when the connection status changed since the last frame. */
  status?: ConnectionStatus;
  lastDataAt: number | null;
}

/** SPEC §2 "Session redirects": the tab sends its top window to the logout address. */
export interface SessionEndedMessage {
  type: 'sessionEnded';
}

/** One leased alert view: its window (plus margin) and totals. */
export interface AlertViewFrame {
  /**
   * 'partial': an archive view shows the newest rows of its range while the rest is still
   * loading (sort and filter apply to what is there); 'ready' once all of it is.
   */
  state: 'loading' | 'partial' | 'ready' | 'error';
  error: string | null;
  /** Index of rows[0] in the sorted, filtered list. */
  from: number;
  rows: Alert[];
  /** Rows that pass the filter. */
  total: number;
  /** Rows in the store (before filtering). */
  storeSize: number;
  /** Archive views: how many more alerts the range holds beyond the request limit (SPEC §8). */
  remainingCount: number;
  /** A held current list (AH2): alerts that arrived and are not shown until it is released. */
  held?: number;
  /** A held current list: ids of shown rows that left the list meanwhile. */
  gone?: number[];
}

/** What the alarm banner shows: pending alerts and the newest of the highest priority. */
export interface AlertCounts {
  /** Unacknowledged alerts (active or returned). */
  pending: number;
  /** Alerts still active, acknowledged or not. */
  active: number;
  /** The newest unacknowledged alert of the most important priority. */
  top: Alert | null;
  /** The newest unacknowledged alert (a new alarm re-arms a muted horn). */
  latest: Alert | null;
  /** False until the pending alerts were fetched. */
  ready: boolean;
}

/** Alert views and counts of a tab, at most one message per flush interval. */
export interface AlertsMessage {
  type: 'alerts';
  views: [viewId: string, frame: AlertViewFrame][];
  /**
   * The banner's counts when they changed since the tab's last message (the first after
   * `setAlertCounts(on)` always has them); null when unchanged or not asked for.
   */
  counts: AlertCounts | null;
}

/** A dashboard note the tab leases changed (SPEC §7 noteUpdate). */
export interface NoteMessage {
  type: 'note';
  note: DashboardNote;
}

/** A visualization text message the tab leases changed (SPEC §7 newMessage). */
export interface TextMessageMessage {
  type: 'textMessage';
  textMessage: TextMessage;
}

/**
 * What a tab sends back on its frame port: it applied a frame. A tab that acknowledges
 * (TabOptions.acksFrames) has at most one frame in flight; what changes meanwhile waits in
 * the engine, newest value winning, instead of queueing up in a tab that cannot keep up.
 */
export interface FrameAck {
  type: 'frameAck';
}

export type TabMessage =
  | Frame
  | SessionEndedMessage
  | AlertsMessage
  | NoteMessage
  | TextMessageMessage
  | ChartLiveMessage
  | ServerInfoMessage;
