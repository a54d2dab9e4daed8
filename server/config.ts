/** Configuration of the reference plant server, read once from the environment. */
import { resolve } from 'node:path';
import { DEFAULT_FINDINGS, type HistoryFindings } from './plant/incidents.ts';

export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  /** Folder with the built client; served with history fallback when present. */
  distDir: string;
  /** Fixed password for every demo account (tests, automation); random when unset. */
  demoPassword: string | null;
  /** Fixed base32 TOTP secret for every demo account; random when unset. */
  demoTotpSecret: string | null;
  /** Wrong passwords before the 5-minute lockout (SPEC §8, §9). */
  lockoutAttempts: number;
  lockoutMs: number;
  /** Idle time after which a session lease ends unless renewed. */
  sessionLeaseMs: number;
  /** Default auto-logout of SPEC §9; 0 disables it. */
  autoLogoutMs: number;
  recaptchaSecret: string | null;
  /** Seed of the simulated plant. */
  seed: number;
  /** Load mode of the simulator for the bench suite; null runs the modelled plant. */
  plantLoad: PlantLoadConfig | null;
  /** Length of a simulator tick in ms; null takes the default (1000, or 100 in load mode). */
  plantTickMs: number | null;
  /** Set when the server runs behind https, so cookies get the Secure flag. */
  secureCookies: boolean;
  /** Days of alert and event history written on the first start (PEGEL_HISTORY_DAYS). */
  historyDays: number;
  /**
   * What that history holds to find on /alerts/performance: a flood after a mains failure, a
   * chattering pressure switch, a standing alarm (PEGEL_HISTORY_FLOOD_ALARMS, …; 0 = off).
   */
  historyFindings: HistoryFindings;
  logLevel: string;
  /** When the archive's generated history is written: lazy (on first read), background, eager. */
  archiveFill: 'lazy' | 'background' | 'eager';
  /** Pump failures per pump and hour of the simulator; null keeps its default (tests raise it). */
  plantFailuresPerPumpHour: number | null;
  /**
   * How often the simulated dial-up stations call in by themselves, ms (PEGEL_DIAL_CALL_IN_MS);
   * 0: never (a test that needs a station silent for long); null keeps the simulator's 30 min.
   */
  dialCallInMs: number | null;
  /** An alarm flood of this many alerts a second from the start (bench); 0 = none. */
  alertFloodPerSecond: number;
  /** How long after it was raised a flood alert returns to normal, ms. */
  alertFloodClearMs: number;
  /**
   * How many alerts the flood raises in all, then none (PEGEL_ALERT_FLOOD_COUNT; the bench's
   * alert list at rest: a list of this length, then nothing new); 0 = no end.
   */
  alertFloodCount: number;
  /** Historical alerts written into an empty alert archive at start (tests, bench); 0 = none. */
  alertArchiveSeed: number;
  /** The plant's IANA time zone (PEGEL_PLANT_TIME_ZONE): every time in the UI is shown in it. */
  plantTimeZone: string;
  /** Requests a minute per address on each sign-in call (PEGEL_RATE_SIGNIN_PER_MIN); 0 = off. */
  rateSignInPerMinute: number;
  /** Requests a minute per session on each expensive endpoint (PEGEL_RATE_HEAVY_PER_MIN). */
  rateHeavyPerMinute: number;
  /** How long a pipe leakage excess must hold before its zone changes state (tests shorten it). */
  leakDetectionMs: number;
  /**
   * PEGEL_PLANT_FILE: a plant file (YAML, server/field/plantFile.ts); with it the field plant
   * replaces the simulator. Null runs the simulated plant.
   */
  plantFile: string | null;
  /**
   * PEGEL_FIELD_FLUSH_MS: the field plant sends what arrived at most this often (ms); a value
   * waits for the next turn of the event loop, no longer than that after the previous send.
   */
  fieldFlushMs: number;
}

export interface PlantLoadConfig {
  stations: number;
  pvsPerStation: number;
  updatesPerSecond: number;
}

function timeZone(value: string | undefined): string {
  const zone = value?.trim() || 'Europe/Berlin';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    throw new Error(`PEGEL_PLANT_TIME_ZONE must be an IANA time zone, not ${zone}`);
  }
  return zone;
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`Not a number: ${value}`);
  return Math.trunc(n);
}

function fieldFlushMs(value: string | undefined): number {
  const ms = int(value, 50);
  if (ms < 0 || ms > 60_000)
    throw new Error(`PEGEL_FIELD_FLUSH_MS must be 0 to 60000 (ms), not ${value ?? ''}`);
  return ms;
}

function archiveFill(value: string | undefined): ServerConfig['archiveFill'] {
  if (value === undefined || value === '' || value === 'lazy') return 'lazy';
  if (value === 'background' || value === 'eager') return value;
  throw new Error(`PEGEL_ARCHIVE_FILL must be lazy, background or eager, not ${value}`);
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    host: env.HOST ?? '127.0.0.1',
    port: int(env.PORT, 8080),
    dataDir: resolve(env.PEGEL_DATA_DIR ?? 'data'),
    distDir: resolve(env.PEGEL_DIST_DIR ?? 'dist'),
    demoPassword: env.PEGEL_DEMO_PASSWORD || null,
    demoTotpSecret: env.PEGEL_DEMO_TOTP_SECRET || null,
    lockoutAttempts: int(env.PEGEL_LOCKOUT_ATTEMPTS, 5),
    lockoutMs: int(env.PEGEL_LOCKOUT_MS, 5 * 60_000),
    sessionLeaseMs: int(env.PEGEL_SESSION_LEASE_MS, 8 * 60 * 60_000),
    autoLogoutMs: int(env.PEGEL_AUTO_LOGOUT_MS, 15 * 60_000),
    recaptchaSecret: env.PEGEL_RECAPTCHA_SECRET || null,
    seed: int(env.PEGEL_SEED, 1),
    plantLoad: readPlantLoad(env),
    plantTickMs: env.PEGEL_PLANT_TICK_MS ? int(env.PEGEL_PLANT_TICK_MS, 1000) : null,
    secureCookies: env.PEGEL_SECURE_COOKIES === '1',
    logLevel: env.PEGEL_LOG_LEVEL ?? 'warn',
    archiveFill: archiveFill(env.PEGEL_ARCHIVE_FILL),
    alertArchiveSeed: int(env.PEGEL_ALERT_ARCHIVE_SEED, 0),
    alertFloodPerSecond: Math.max(0, int(env.PEGEL_ALERT_FLOOD_PER_SEC, 0)),
    alertFloodClearMs: Math.max(0, int(env.PEGEL_ALERT_FLOOD_CLEAR_MS, 20_000)),
    alertFloodCount: Math.max(0, int(env.PEGEL_ALERT_FLOOD_COUNT, 0)),
    historyDays: int(env.PEGEL_HISTORY_DAYS, 7),
    historyFindings: {
      floodAlarms: Math.max(0, int(env.PEGEL_HISTORY_FLOOD_ALARMS, DEFAULT_FINDINGS.floodAlarms)),
      floodMinutes: Math.max(
        2,
        int(env.PEGEL_HISTORY_FLOOD_MINUTES, DEFAULT_FINDINGS.floodMinutes),
      ),
      floodHoursAgo: Math.max(
        1,
        int(env.PEGEL_HISTORY_FLOOD_HOURS_AGO, DEFAULT_FINDINGS.floodHoursAgo),
      ),
      chatterBursts: Math.max(
        0,
        int(env.PEGEL_HISTORY_CHATTER_BURSTS, DEFAULT_FINDINGS.chatterBursts),
      ),
      standingHours: Math.max(
        0,
        int(env.PEGEL_HISTORY_STANDING_HOURS, DEFAULT_FINDINGS.standingHours),
      ),
    },
    plantTimeZone: timeZone(env.PEGEL_PLANT_TIME_ZONE),
    rateSignInPerMinute: Math.max(0, int(env.PEGEL_RATE_SIGNIN_PER_MIN, 60)),
    rateHeavyPerMinute: Math.max(0, int(env.PEGEL_RATE_HEAVY_PER_MIN, 600)),
    leakDetectionMs: Math.max(0, int(env.PEGEL_LEAK_DETECTION_MS, 60_000)),
    plantFile: env.PEGEL_PLANT_FILE ? resolve(env.PEGEL_PLANT_FILE) : null,
    fieldFlushMs: fieldFlushMs(env.PEGEL_FIELD_FLUSH_MS),
    plantFailuresPerPumpHour: env.PEGEL_PLANT_FAILURES_PER_PUMP_HOUR
      ? Number(env.PEGEL_PLANT_FAILURES_PER_PUMP_HOUR)
      : null,
    dialCallInMs: env.PEGEL_DIAL_CALL_IN_MS ? Math.max(0, int(env.PEGEL_DIAL_CALL_IN_MS, 0)) : null,
  };
}

/** PEGEL_LOAD_STATIONS > 0 switches the simulator to load mode (bench suite). */
function readPlantLoad(env: NodeJS.ProcessEnv): PlantLoadConfig | null {
  const stations = int(env.PEGEL_LOAD_STATIONS, 0);
  if (stations <= 0) return null;
  return {
    stations,
    pvsPerStation: int(env.PEGEL_LOAD_PVS_PER_STATION, 100),
    updatesPerSecond: int(env.PEGEL_LOAD_UPDATES_PER_SEC, 10_000),
  };
}
