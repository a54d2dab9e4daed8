/**
 * The alarm lines of the plant (SPEC §3 "Alarm line"): the connections remote alarms leave
 * by. Every station has one line (IP for stations on the network, GSM or analogue modem for
 * dial-up stations); larger stations a second, ISDN backup line. The simulator keeps them in
 * memory: a line is busy while a message goes out, and now and then turns faulty (a modem
 * that hangs, a GSM cell that is gone) and recovers a while later.
 */
import { lineKey, type AlarmLine, type ConnectionType } from '../../src/contract/remoteAlert.ts';
import type { Station } from '../../src/contract/station.ts';
import { createRandom, type Random } from '../plant/random.ts';

/** Per tick: chance that a working line turns faulty, that a faulty one recovers. */
const FAULT_CHANCE = 0.004;
const RECOVER_CHANCE = 0.08;
/** Per tick: chance that an idle line carries a routine message (test call, status SMS). */
const BUSY_CHANCE = 0.03;

const SECOND_LINE_KINDS = new Set(['waterworks', 'wastewaterTreatment', 'rawWaterPumping']);

export class AlarmLines {
  private readonly lines = new Map<string, AlarmLine>();
  private readonly random: Random;

  constructor(
    stations: readonly Station[],
    seed: number,
    private readonly publish: (line: AlarmLine) => void,
  ) {
    this.random = createRandom(seed ^ 0x51a7e);
    for (const s of stations) {
      const first: ConnectionType = s.dialUp ? (s.id % 2 === 0 ? 'Gsm' : 'Analog') : 'Ip';
      this.add({
        station: { stationNumber: s.id },
        lineNumber: 1,
        busy: false,
        faulty: false,
        connectionType: first,
      });
      if (SECOND_LINE_KINDS.has(s.kind))
        this.add({
          station: { stationNumber: s.id },
          lineNumber: 2,
          busy: false,
          faulty: false,
          connectionType: 'Isdn',
        });
    }
  }

  private add(line: AlarmLine): void {
    this.lines.set(lineKey(line.station.stationNumber, line.lineNumber), line);
  }

  byKey(key: string): AlarmLine | undefined {
    return this.lines.get(key);
  }

  ofStation(stationNumber: number): AlarmLine[] {
    return [...this.lines.values()].filter((l) => l.station.stationNumber === stationNumber);
  }

  /** Sets what a test or demonstration asks for; false for an unknown line. */
  set(
    stationNumber: number,
    lineNumber: number,
    state: { busy?: boolean; faulty?: boolean },
  ): boolean {
    const key = lineKey(stationNumber, lineNumber);
    const line = this.lines.get(key);
    if (!line) return false;
    this.change(key, { ...line, ...state });
    return true;
  }

  /**
   * A message goes out for a station: its first working line is busy until the next tick.
   * Returns false when every line of the station is faulty (the message stays undelivered).
   */
  send(stationNumber: number): boolean {
    const line = this.ofStation(stationNumber).find((l) => !l.faulty);
    if (!line) return false;
    if (!line.busy) this.change(lineKey(stationNumber, line.lineNumber), { ...line, busy: true });
    return true;
  }

  /** One step of the simulation: busy lines free up, faults come and go. */
  tick(): void {
    for (const [key, line] of this.lines) {
      let next = line;
      if (line.faulty) {
        if (this.random.chance(RECOVER_CHANCE)) next = { ...line, faulty: false, busy: false };
      } else if (this.random.chance(FAULT_CHANCE)) next = { ...line, faulty: true, busy: false };
      else if (line.busy) next = { ...line, busy: false };
      else if (this.random.chance(BUSY_CHANCE)) next = { ...line, busy: true };
      if (next !== line) this.change(key, next);
    }
  }

  private change(key: string, line: AlarmLine): void {
    this.lines.set(key, line);
    this.publish(line);
  }
}
