/**
 * The past week of a plant that alarms as a real one does (issue "a plant that alarms as a
 * real one does"): on the first start, with empty archives, the alert archive and the event
 * archives get seven days of history made from the plant's own PVs, limits and failure
 * inputs — limit crossings and pump failures, acknowledged by the shift within minutes and
 * gone after a while, operator actions and sign-ins. Deterministic from the plant seed.
 * Into that trickle go the findings of `server/plant/incidents.ts` (issue 46): a flood after
 * a mains failure, a chattering pressure switch and a standing alarm still active now.
 */
import type { PvConfig, PvLimitConfig } from '../../src/contract/pv.ts';
import {
  NO_FINDINGS,
  plantIncidents,
  type HistoryFindings,
  type IncidentAlarm,
  type QuietWindow,
} from '../plant/incidents.ts';
import type { Plant } from '../plant/types.ts';
import type { AlertArchive, NewAlert } from './AlertArchive.ts';
import { CONNECTION_FAULT_PRIORITY } from './AlertRaiser.ts';
import type { AuditEvent, EventArchive } from './EventArchive.ts';

const HOUR_MS = 3_600_000;
/** Alerts per hour across the plant, on average. */
const ALERTS_PER_HOUR = 3;
const USERS = ['operator', 'maintenance'];

function lcg(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 0x1_0000_0000;
  };
}

interface Source {
  config: PvConfig;
  text: string;
  priority: number;
}

/** What can alarm: analogue limits and failure inputs of the plant. */
function alarmSources(plant: Plant): Source[] {
  const out: Source[] = [];
  for (const ref of plant.pvRefs()) {
    const config = plant.config(ref);
    if (!config) continue;
    if (config.alertInputConfig) {
      const a = config.alertInputConfig;
      out.push({ config, text: a.message || a.description, priority: a.priority });
    }
    if (ref.type === 'AnaIn') {
      for (const l of plant.limitConfigs(ref) as PvLimitConfig[]) {
        if (!l.notSet) out.push({ config, text: l.message || l.description, priority: l.priority });
      }
    }
  }
  return out;
}

type SeedRow = NewAlert & { ackedBy: string; ackedAt: number; clearedAt: number | null };

/** The alert of a planned alarm as the plant would raise it; null when the plant lacks the PV. */
function incidentRow(plant: Plant, a: IncidentAlarm): SeedRow | null {
  const station = plant.stations().find((s) => s.id === a.stationNumber);
  if (station?.name !== a.stationName) return null;
  const times = {
    timestamp: a.raisedAt,
    ackedBy: a.ackedBy,
    ackedAt: a.ackedAt,
    clearedAt: a.clearedAt,
  };
  if (a.pv === null) {
    return {
      ...times,
      pvRef: null,
      source: { type: 'StationConnection', stationNumber: station.id },
      stationNumber: station.id,
      stationName: station.name,
      sourceName: station.name,
      text: `${station.name}: Verbindungsstörung (CommunicationError)`,
      priority: CONNECTION_FAULT_PRIORITY,
    };
  }
  const ref = plant
    .pvNodes()
    .find((n) => n.stationNumber === a.stationNumber)
    ?.pvs.find((r) => plant.config(r)?.name === a.pv);
  const config = ref && plant.config(ref);
  if (!config) return null;
  const what = a.limit
    ? plant.limitConfigs(config.pvRef).find((l) => l.pvLimitRef.limitType === a.limit && !l.notSet)
    : config.alertInputConfig;
  if (!what) return null;
  return {
    ...times,
    pvRef: config.pvRef,
    source: null,
    stationNumber: config.stationNumber,
    stationName: config.stationName,
    sourceName: config.name,
    text: what.message || what.description,
    priority: what.priority,
  };
}

function isQuiet(quiet: readonly QuietWindow[], config: PvConfig, t: number): boolean {
  return quiet.some(
    (q) =>
      (q.stationNumber === null || q.stationNumber === config.stationNumber) &&
      (q.pv === null || q.pv === config.name) &&
      t >= q.from &&
      t < q.to,
  );
}

export function seedHistory(options: {
  plant: Plant;
  alerts: AlertArchive;
  events: EventArchive;
  nowMs: number;
  days: number;
  seed: number;
  /** What the history holds to find (incidents.ts); none when not given. */
  findings?: HistoryFindings;
  /** Where the findings' history ends (the archive's end); `nowMs` when not given. */
  anchorMs?: number;
}): { alerts: number; events: number } {
  const { plant, alerts, events, nowMs, days } = options;
  if (days <= 0 || alerts.count() > 0 || events.count() > 0) return { alerts: 0, events: 0 };
  const sources = alarmSources(plant);
  if (sources.length === 0) return { alerts: 0, events: 0 };
  const rnd = lcg(options.seed * 7919 + 17);
  const start = nowMs - days * 24 * HOUR_MS;
  const incidents = plantIncidents({
    seed: options.seed,
    anchorMs: options.anchorMs ?? nowMs,
    days,
    findings: options.findings ?? NO_FINDINGS,
  });
  const rows: SeedRow[] = [];
  const controls: (AuditEvent & { ts: number })[] = [];
  // Sign-ins at each shift change (06:00, 14:00, 22:00 local to the server's clock).
  for (let t = start - (start % (8 * HOUR_MS)) + 6 * HOUR_MS; t < nowMs; t += 8 * HOUR_MS) {
    const user = USERS[Math.floor(rnd() * USERS.length)]!;
    controls.push({
      ts: t + Math.floor(rnd() * 600_000),
      category: 'Login',
      user,
      text: 'Anmeldung',
      message: { key: 'signIn', params: {} },
    });
  }
  // Exponential gaps give a realistic trickle; the last hour stays free for the live plant.
  let t = start;
  while (true) {
    t += Math.floor((-Math.log(1 - rnd()) / ALERTS_PER_HOUR) * HOUR_MS);
    if (t > nowMs - HOUR_MS) break;
    const s = sources[Math.floor(rnd() * sources.length)]!;
    const user = USERS[Math.floor(rnd() * USERS.length)]!;
    const ackedAt = t + Math.floor((1 + rnd() * 14) * 60_000);
    const clearedAt = t + Math.floor((5 + rnd() * 55) * 60_000);
    // The flood's station and the findings' sources tell their own story meanwhile.
    if (isQuiet(incidents.quiet, s.config, t) || isQuiet(incidents.quiet, s.config, clearedAt))
      continue;
    rows.push({
      timestamp: t,
      pvRef: s.config.pvRef,
      source: null,
      stationNumber: s.config.stationNumber,
      stationName: s.config.stationName,
      sourceName: s.config.name,
      text: s.text,
      priority: s.priority,
      ackedBy: user,
      ackedAt,
      clearedAt,
    });
    controls.push({
      ts: ackedAt,
      // As the live server files an acknowledgement (server/alerts/routes.ts).
      category: 'System',
      user,
      text: `Quittiert: ${s.text}`,
      message: { key: 'alertAcknowledged', params: { text: s.text } },
      control: {
        stationNumber: s.config.stationNumber,
        stationName: s.config.stationName,
        pvRef: s.config.pvRef,
      },
    });
  }
  for (const a of incidents.alarms) {
    const row = incidentRow(plant, a);
    if (!row) continue;
    rows.push(row);
    controls.push({
      ts: row.ackedAt,
      category: 'System',
      user: row.ackedBy,
      text: `Quittiert: ${row.text}`,
      message: { key: 'alertAcknowledged', params: { text: row.text } },
      control: {
        stationNumber: row.stationNumber,
        stationName: row.stationName,
        pvRef: row.pvRef,
      },
    });
  }
  for (const e of incidents.events) {
    controls.push({
      ts: e.ts,
      category: 'System',
      user: e.user,
      text: e.text,
      message: e.message,
    });
  }
  rows.sort((a, b) => a.timestamp - b.timestamp);
  alerts.insertMany(rows);
  events.insertHistory(controls.sort((a, b) => a.ts - b.ts));
  return { alerts: rows.length, events: controls.length };
}
