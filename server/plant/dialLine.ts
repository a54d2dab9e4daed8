/**
 * The modem line of a dial-up station (DESIGN.md "Dial-up stations"). The server knows no
 * "dialing" state (SPEC §3: Connecting is client-side), so while the modem dials the line
 * stays NotConnected; after a few seconds it becomes Connected, or Busy or TimeOut as real
 * modems do. Busy, TimeOut and CommunicationError fall back to NotConnected after a while.
 * Disconnect goes Connected -> HangingUp -> NotConnected.
 */
import type { ServerDialState } from '../../src/contract/enums.ts';
import type { DialCounters } from '../../src/contract/station.ts';
import type { Random } from './random.ts';

const DAY_MS = 86_400_000;

export interface DialLineTiming {
  /** Chance that a dial attempt ends Busy. */
  busyChance: number;
  /** Chance that a dial attempt ends in TimeOut. */
  timeoutChance: number;
  /** Chance per connected hour that the line breaks (CommunicationError). */
  breaksPerHour: number;
  /** A connection made by Connect hangs up by itself after this idle time. */
  connectHoldMs: number;
  /** A connection made by Status or by the station's own call-in is this short. */
  shortHoldMs: number;
  /** How long Busy, TimeOut and CommunicationError are shown before NotConnected. */
  resultHoldMs: number;
}

export const DEFAULT_DIAL_TIMING: DialLineTiming = {
  busyChance: 0.08,
  timeoutChance: 0.05,
  breaksPerHour: 0.2,
  connectHoldMs: 10 * 60_000,
  shortHoldMs: 20_000,
  resultHoldMs: 5_000,
};

export interface DialLineChange {
  state: boolean;
  counters: boolean;
}

export class DialLine {
  state: ServerDialState = 'NotConnected';
  lastConnection: number | null;
  dayCounter: number;
  monthCounter: number;
  yearCounter: number;
  /** The state the line moves to at `pendingAt` (dialing, hanging up, falling back). */
  private pending: ServerDialState | null = null;
  private pendingAt = 0;
  private hangUpAt = Infinity;
  private holdMs = 0;
  private lastCountTime: number;

  constructor(
    private readonly random: Random,
    readonly mobileNetworkStandard: string,
    startTime: number,
    private readonly timing: DialLineTiming = DEFAULT_DIAL_TIMING,
  ) {
    this.lastConnection = startTime - random.range(10, 180) * 60_000;
    const d = new Date(startTime);
    this.dayCounter = random.int(0, 6);
    this.monthCounter = this.dayCounter + random.int(2, 5) * (d.getUTCDate() - 1);
    this.yearCounter = this.monthCounter + random.int(60, 120) * d.getUTCMonth();
    this.lastCountTime = startTime;
  }

  get dialing(): boolean {
    return this.pending === 'Connected' || this.pending === 'Busy' || this.pending === 'TimeOut';
  }

  counters(): DialCounters {
    return {
      mobileNetworkStandard: this.mobileNetworkStandard,
      dayCounter: this.dayCounter,
      monthCounter: this.monthCounter,
      yearCounter: this.yearCounter,
    };
  }

  /** Starts dialing unless connected or dialing already; a connected line is held longer. */
  connect(time: number, holdMs = this.timing.connectHoldMs): DialLineChange {
    if (this.state === 'Connected') {
      this.hangUpAt = Math.max(this.hangUpAt, time + holdMs);
      return { state: false, counters: false };
    }
    if (this.dialing || this.state === 'HangingUp') return { state: false, counters: false };
    this.count(time);
    this.holdMs = holdMs;
    const roll = this.random.next();
    if (roll < this.timing.busyChance) {
      this.schedule('Busy', time + this.random.range(1_000, 3_000));
    } else if (roll < this.timing.busyChance + this.timing.timeoutChance) {
      this.schedule('TimeOut', time + this.random.range(8_000, 12_000));
    } else {
      this.schedule('Connected', time + this.random.range(2_000, 6_000));
    }
    const changed = this.state !== 'NotConnected';
    this.state = 'NotConnected';
    return { state: changed, counters: true };
  }

  disconnect(time: number): DialLineChange {
    if (this.state === 'Connected') {
      this.state = 'HangingUp';
      this.hangUpAt = Infinity;
      this.schedule('NotConnected', time + this.random.range(1_000, 2_500));
      return { state: true, counters: false };
    }
    if (this.dialing) {
      // Hanging up while the modem dials just aborts the attempt.
      this.pending = null;
      return { state: false, counters: false };
    }
    return { state: false, counters: false };
  }

  /** A status query: a short connection, or nothing more when already connected. */
  status(time: number): DialLineChange {
    return this.connect(time, this.timing.shortHoldMs);
  }

  step(time: number, dtMs: number): DialLineChange {
    const change: DialLineChange = { state: false, counters: false };
    if (
      this.dayCounter > 0 &&
      Math.floor(time / DAY_MS) !== Math.floor(this.lastCountTime / DAY_MS)
    ) {
      this.rollCounters(time);
      change.counters = true;
    }
    if (this.pending !== null && time >= this.pendingAt) {
      const next = this.pending;
      this.pending = null;
      this.state = next;
      change.state = true;
      if (next === 'Connected') {
        this.lastConnection = time;
        this.hangUpAt = time + this.holdMs;
      } else if (next !== 'NotConnected') {
        this.schedule('NotConnected', time + this.timing.resultHoldMs);
      }
    } else if (this.state === 'Connected') {
      if (this.random.chance((this.timing.breaksPerHour * dtMs) / 3_600_000)) {
        this.state = 'CommunicationError';
        this.hangUpAt = Infinity;
        this.schedule('NotConnected', time + this.timing.resultHoldMs);
        change.state = true;
      } else if (time >= this.hangUpAt) {
        this.disconnect(time);
        change.state = true;
      }
    }
    return change;
  }

  private schedule(next: ServerDialState, at: number): void {
    this.pending = next;
    this.pendingAt = at;
  }

  private count(time: number): void {
    this.rollCounters(time);
    this.dayCounter++;
    this.monthCounter++;
    this.yearCounter++;
  }

  private rollCounters(time: number): void {
    const before = new Date(this.lastCountTime);
    const now = new Date(time);
    if (Math.floor(time / DAY_MS) !== Math.floor(this.lastCountTime / DAY_MS)) this.dayCounter = 0;
    if (
      now.getUTCMonth() !== before.getUTCMonth() ||
      now.getUTCFullYear() !== before.getUTCFullYear()
    ) {
      this.monthCounter = 0;
    }
    if (now.getUTCFullYear() !== before.getUTCFullYear()) this.yearCounter = 0;
    this.lastCountTime = time;
  }
}
