/**
 * Reports over HTTP and the report data hub (SPEC §2 reports, §3 "Report manual input item",
 * "Rueb", §7 "Report", "Rueb and Sebam", §9) against the server built in-process with the
 * simulated plant (left unstarted) and a header-based session. Expected values are computed
 * here from the archive tables with plain reads, not with the server's SQL.
 */
import { describe, expect, it } from 'vitest';
import { headerUserCall } from '../support/headerUserCall.ts';
import { inProcessPerFile } from '../support/serverPerFile.ts';
import type { Right } from '../../src/contract/auth.ts';
import type { ApiErrorBody } from '../../src/contract/errors.ts';
import { HUB_MESSAGES, HUB_METHODS, HUBS } from '../../src/contract/hubs.ts';
import {
  REPORT_API,
  reportPath,
  type ReportConfig,
  type ReportData,
  type ReportLiveItem,
  type RuebEvents,
  type SebamConfigs,
} from '../../src/contract/reports.ts';
import { formatReportDate, todayIn } from '../../src/domain/reportPeriod.ts';
import type { SessionUser } from '../../server/auth/service.ts';
import { SESSION_HEADER } from '../support/hubTestServer.ts';
import { RawHubClient, RS } from '../support/rawHubClient.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const LEVEL = { type: 'AnaIn', nr: 200001 } as const;
const FLOW = { type: 'AnaIn', nr: 200002 } as const;
const TURBIDITY_LAB = { type: 'LaborWert', nr: 2901 } as const;

function user(userId: number, username: string, rights: Right[], stations: number[] | null) {
  return {
    userId,
    username,
    role: 'operator',
    rights: new Set(rights),
    stations: stations ? new Set(stations) : null,
    sessionId: `s${userId}`,
  } satisfies SessionUser;
}

const USERS: Record<string, SessionUser> = {
  operator: user(1, 'operator', ['writePvs'], null),
  maintenance: user(2, 'maintenance', ['writePvs'], [1, 2, 3, 4, 5, 6]),
  viewer: user(3, 'viewer', [], null),
};

const plant = inProcessPerFile(
  {},
  {
    build: {
      // Two months of history: each simulated station's history is a run of its model, and
      // thirteen months of it for every station a report touches would make the test heavy.
      archive: { spans: { months: 2, quarterHourDays: 35, rawDays: 3, rawIntervalMs: 60_000 } },
      auth: {
        userOf(request) {
          if (request.headers.cookie === SESSION_HEADER) return USERS.operator!;
          const name = request.headers['x-test-user'];
          return typeof name === 'string' ? (USERS[name] ?? null) : null;
        },
      },
    },
  },
);

const call = headerUserCall(() => plant.url, 'operator');

async function json<T>(path: string): Promise<T> {
  const res = await call('GET', path);
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const yesterday = () => formatReportDate(Date.parse(todayIn(Date.now(), 'Europe/Berlin')) - DAY);
const dataUrl = (configId: number, kind: string, date: string) =>
  `${reportPath(REPORT_API.data, { configId, kind })}?date=${date}`;
const manualUrl = (configId: number, kind: string, date: string) =>
  `${reportPath(REPORT_API.manualInput, { configId, kind })}?date=${date}`;

/** Raw archive values of a PV in [start, end), read plainly. */
function raw(ref: { type: string; nr: number }, start: number, end: number) {
  const pv = plant.server.archive.pv(ref as never)!;
  return plant.server.context.db
    .prepare('SELECT t, v FROM archive_raw WHERE pv = ? AND t >= ? AND t < ? ORDER BY t')
    .all(pv.id, start, end) as { t: number; v: number | null }[];
}

function colIndex(config: ReportConfig, id: string): number {
  const i = config.columns.findIndex((c) => c.id === id);
  expect(i).toBeGreaterThanOrEqual(0);
  return i;
}

/** A raw client of the report data hub subscribed to `key`, and the items it was pushed. */
async function reportHub(key: string) {
  const hub = await RawHubClient.connect(plant.url + HUBS.reportData);
  await hub.handshake();
  hub.send(
    JSON.stringify({
      type: 1,
      invocationId: '1',
      target: HUB_METHODS.reportData.subscribe,
      arguments: [[key]],
    }) + RS,
  );
  const pushes = () =>
    hub
      .records()
      .filter((r) => r.type === 1 && r.target === HUB_MESSAGES.newValues)
      .flatMap((r) => (r.arguments as [ReportLiveItem[]])[0]);
  return { hub, pushes };
}

describe('report configs (SPEC §7 Report)', () => {
  it('RP1: configs per station and for the plant; 401 without a session, 404 for no station', async () => {
    expect(
      (await call('GET', reportPath(REPORT_API.configs, { id: 2 }), { user: null })).status,
    ).toBe(401);
    const station = await json<ReportConfig[]>(reportPath(REPORT_API.configs, { id: 2 }));
    expect(station.map((c) => c.id)).toEqual([201, 202]);
    expect(station[1]).toMatchObject({ kinds: ['Daily'], dailyResolution: 'QuarterHour' });
    const config = station[0]!;
    expect(config.kinds).toEqual(['Daily', 'Weekly', 'Monthly', 'Annual', 'Special']);
    expect(config.currentUserCanEdit).toBe(true);
    const aggregations = new Set(config.columns.map((c) => c.binding?.reportValueType));
    for (const a of ['volume', 'mean', 'min', 'max', 'sum', 'operatingHours', 'switchCycles']) {
      expect(aggregations).toContain(a);
    }
    const manual = config.columns.find((c) => c.manual);
    expect(manual).toMatchObject({
      title: 'Trübung Labor',
      dimension: 'FNU',
      manualPv: TURBIDITY_LAB,
    });
    const plant = await json<ReportConfig[]>(reportPath(REPORT_API.configs, { id: 0 }));
    expect(plant.map((c) => c.name)).toEqual(['Anlagenbericht Mengen', 'Sonderbericht Energie']);
    const viewer = (await (
      await call('GET', reportPath(REPORT_API.configs, { id: 2 }), { user: 'viewer' })
    ).json()) as ReportConfig[];
    expect(viewer[0]!.currentUserCanEdit).toBe(false);
    expect((await call('GET', reportPath(REPORT_API.configs, { id: 99 }))).status).toBe(404);
  });
});

describe('report data from the archive (SPEC §9 Aggregations)', () => {
  it('RP2: a daily report has 24 hour rows whose mean, min, max and volume match the raw archive', async () => {
    const date = yesterday();
    const [config] = await json<ReportConfig[]>(reportPath(REPORT_API.configs, { id: 2 }));
    const data = await json<ReportData>(dataUrl(201, 'Daily', date));
    expect(data.resolution).toBe('Hour');
    expect(data.rows.length).toBeGreaterThanOrEqual(23);
    expect(data.rows[0]!.t).toBe(data.start);
    expect(data.liveKey).toBe(`r201_Daily_${date}`);
    const mean = colIndex(config!, 'ai200001:mean');
    const min = colIndex(config!, 'ai200001:min');
    const max = colIndex(config!, 'ai200001:max');
    const volume = colIndex(config!, 'ai200002:volume');
    for (const row of data.rows.filter((_, i) => i % 5 === 0)) {
      const levels = raw(LEVEL, row.t, row.end)
        .map((r) => r.v)
        .filter((v): v is number => v !== null);
      expect(levels.length).toBeGreaterThan(50);
      const expectedMean = levels.reduce((a, b) => a + b, 0) / levels.length;
      expect(row.values[mean]).toBeCloseTo(expectedMean, 6);
      expect(row.values[min]).toBeCloseTo(Math.min(...levels), 9);
      expect(row.values[max]).toBeCloseTo(Math.max(...levels), 9);
      expect(row.times[max]).toBeGreaterThanOrEqual(row.t);
      expect(row.times[max]).toBeLessThan(row.end);
      const flows = raw(FLOW, row.t, row.end)
        .map((r) => r.v)
        .filter((v): v is number => v !== null);
      // m³/h over an hour: the mean flow of each quarter hour times 0.25 h.
      const quarters = [0, 1, 2, 3].map((q) => {
        const part = raw(FLOW, row.t + q * 900_000, row.t + (q + 1) * 900_000)
          .map((r) => r.v)
          .filter((v): v is number => v !== null);
        return (part.reduce((a, b) => a + b, 0) / part.length) * 0.25;
      });
      expect(flows.length).toBeGreaterThan(50);
      expect(row.values[volume]).toBeCloseTo(
        quarters.reduce((a, b) => a + b, 0),
        6,
      );
    }
    // Footer: the sum of the rows and the minimum with its time.
    const rowsVolume = data.rows.reduce((a, r) => a + (r.values[volume] ?? 0), 0);
    expect(data.totals[volume]!.sum).toBeCloseTo(rowsVolume, 6);
    const lowest = Math.min(...data.rows.map((r) => r.values[min] ?? Infinity));
    expect(data.totals[min]!.min).toBe(lowest);
    expect(data.totals[min]!.minT).toBe(
      data.rows.find((r) => r.values[min] === lowest)!.times[min],
    );
  });

  it('RP2b: a quarter-hour daily report has 96 rows, each the mean of its raw values', async () => {
    const date = yesterday();
    const config = (await json<ReportConfig[]>(reportPath(REPORT_API.configs, { id: 2 })))[1]!;
    const data = await json<ReportData>(dataUrl(202, 'Daily', date));
    expect(data.resolution).toBe('QuarterHour');
    expect(data.rows.length).toBeGreaterThanOrEqual(92);
    const mean = colIndex(config, 'ai200001:mean');
    for (const row of data.rows.filter((_, i) => i % 17 === 0)) {
      expect(row.end - row.t).toBe(900_000);
      const levels = raw(LEVEL, row.t, row.end)
        .map((r) => r.v)
        .filter((v): v is number => v !== null);
      expect(row.values[mean]).toBeCloseTo(levels.reduce((a, b) => a + b, 0) / levels.length, 9);
    }
  });

  it('RP3: weekly rows are the seven days ending on the date; a day row matches the raw archive of that day', async () => {
    const date = yesterday();
    const [config] = await json<ReportConfig[]>(reportPath(REPORT_API.configs, { id: 2 }));
    const week = await json<ReportData>(dataUrl(201, 'Weekly', date));
    expect(week.rows).toHaveLength(7);
    expect(formatReportDate(Date.parse(date) - 6 * DAY)).toBe(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(week.start),
    );
    const last = week.rows[6]!;
    const levels = raw(LEVEL, last.t, last.end)
      .map((r) => r.v)
      .filter((v): v is number => v !== null);
    const mean = colIndex(config!, 'ai200001:mean');
    expect(last.values[mean]).toBeCloseTo(levels.reduce((a, b) => a + b, 0) / levels.length, 6);
    const month = await json<ReportData>(dataUrl(201, 'Monthly', date));
    const sameDay = month.rows.find((r) => r.t === last.t)!;
    expect(sameDay.values[mean]).toBeCloseTo(last.values[mean]!, 9);
  });

  it('RP11: a column bound with an offset of -1 day reads the period a day earlier', async () => {
    const date = yesterday();
    const [config] = await json<ReportConfig[]>(reportPath(REPORT_API.configs, { id: 2 }));
    const mean = colIndex(config!, 'ai200001:mean');
    const dayBefore = colIndex(config!, 'ai200001:mean:-1d');
    expect(config!.columns[dayBefore]!.binding).toMatchObject({ offset: -1, offsetUnit: 'Days' });
    const week = await json<ReportData>(dataUrl(201, 'Weekly', date));
    for (let i = 1; i < 7; i++) {
      expect(week.rows[i]!.values[dayBefore]).toBeCloseTo(week.rows[i - 1]!.values[mean]!, 9);
    }
    // Hour rows too: each hour of the day reads the same hour of the day before.
    const today = await json<ReportData>(dataUrl(201, 'Daily', date));
    const before = await json<ReportData>(
      dataUrl(201, 'Daily', formatReportDate(Date.parse(date) - DAY)),
    );
    const hours = today.rows.filter((r) => r.values[dayBefore] !== null);
    expect(hours.length).toBeGreaterThan(20);
    for (const row of hours) {
      const same = before.rows.find((r) => r.t === row.t - DAY);
      if (same) expect(row.values[dayBefore]).toBeCloseTo(same.values[mean]!, 9);
    }
    expect(today.rows[12]!.values[dayBefore]).not.toBeCloseTo(today.rows[12]!.values[mean]!, 9);
  });

  it('RP4: an annual report has 12 month rows, each the weighted mean of its days', async () => {
    const date = yesterday();
    const [config] = await json<ReportConfig[]>(reportPath(REPORT_API.configs, { id: 2 }));
    const year = await json<ReportData>(dataUrl(201, 'Annual', date));
    expect(year.rows).toHaveLength(12);
    expect(year.date).toBe(`${date.slice(0, 4)}-01-01`);
    const mean = colIndex(config!, 'ai200001:mean');
    const pv = plant.server.archive.pv(LEVEL)!;
    const withData = year.rows.filter((r) => r.values[mean] !== null);
    expect(withData.length).toBeGreaterThan(0);
    for (const row of withData) {
      const days = plant.server.context.db
        .prepare('SELECT n, sum FROM archive_day WHERE pv = ? AND t >= ? AND t < ?')
        .all(pv.id, row.t, row.end) as { n: number; sum: number }[];
      const n = days.reduce((a, d) => a + d.n, 0);
      const s = days.reduce((a, d) => a + d.sum, 0);
      expect(row.values[mean]).toBeCloseTo(s / n, 6);
    }
  });

  it('RP9: annotations marked for the daily report show in it, not in the monthly one', async () => {
    const date = yesterday();
    const day = await json<ReportData>(dataUrl(201, 'Daily', date));
    plant.server.context.db
      .prepare(
        `INSERT INTO chart_annotations (timestamp, pv_type, pv_nr, data_source, text, visible,
           show_in_day_report, show_in_week_report, show_in_month_report, show_in_year_report,
           created_by, updated_at)
         VALUES (?, 'AnaIn', 200001, 'QuarterHourValues', 'Behälter gereinigt', 1, 1, 0, 0, 0, 'operator', 0)`,
      )
      .run(day.start + 10 * HOUR);
    const again = await json<ReportData>(dataUrl(201, 'Daily', date));
    expect(again.annotations).toEqual([
      expect.objectContaining({ timestamp: day.start + 10 * HOUR, text: 'Behälter gereinigt' }),
    ]);
    const month = await json<ReportData>(dataUrl(201, 'Monthly', date));
    expect(month.annotations).toEqual([]);
  });

  it('RP5: bad report requests are 400 or 404 in the one error shape', async () => {
    for (const [path, status] of [
      [dataUrl(201, 'Daily', '2026-02-30'), 400],
      [dataUrl(201, 'Daily', '22.11.2026'), 400],
      [dataUrl(201, 'Hourly', '2026-11-22'), 400],
      [dataUrl(1, 'Special', '2026-11-22'), 400],
      [`${dataUrl(2, 'Special', '2024-01-01')}&to=2026-01-01`, 400],
      [dataUrl(777, 'Daily', '2026-11-22'), 404],
    ] as const) {
      const res = await call('GET', path);
      expect(res.status, path).toBe(status);
      expect(((await res.json()) as ApiErrorBody).error.code).toBeTruthy();
    }
    const special = await json<ReportData>(
      `${dataUrl(2, 'Special', yesterday())}&to=${yesterday()}`,
    );
    expect(special.rows).toHaveLength(1);
  });
});

describe('manual input (SPEC §3 Report manual input item, §5)', () => {
  it('RP6: needs writePvs on the report station; validated per column config in one round', async () => {
    const date = yesterday();
    const item = { pv: TURBIDITY_LAB, index: 7, value: 0.25, resetManualInput: false };
    expect(
      (await call('POST', manualUrl(201, 'Daily', date), { body: [item], user: 'viewer' })).status,
    ).toBe(403);
    // Maintenance staff look after stations 1-6 only.
    const basin = (await json<ReportConfig[]>(reportPath(REPORT_API.configs, { id: 10 })))[0]!;
    const meter = basin.columns.find((c) => c.manual)!;
    const res403 = await call('POST', manualUrl(1001, 'Daily', date), {
      body: [{ ...item, pv: meter.manualPv }],
      user: 'maintenance',
    });
    expect(res403.status).toBe(403);
    const bad = await call('POST', manualUrl(201, 'Daily', date), {
      body: [
        { ...item, value: 11 },
        { ...item, value: 0.123 },
        { ...item, index: 40 },
        { ...item, pv: LEVEL },
        { ...item, value: null },
      ],
    });
    expect(bad.status).toBe(400);
    const issues = ((await bad.json()) as ApiErrorBody).error.issues!.map((i) => i.path);
    expect(issues).toEqual(['0.value', '1.value', '2.index', '3.pv', '4.value']);
    expect((await call('POST', manualUrl(201, 'Daily', date), { body: [] })).status).toBe(400);
  });

  it('RP7: a saved value carries who and when, shows in its row and on the hub; a reset removes it', async () => {
    const date = yesterday();
    const key = `r201_Daily_${date}`;
    const { hub, pushes } = await reportHub(key);
    // The current state right after the subscribe (no value yet).
    await hub.until(() => pushes().length > 0);
    expect(pushes()[0]).toEqual({ key, manual: [] });
    const res = await call('POST', manualUrl(201, 'Daily', date), {
      body: [{ pv: TURBIDITY_LAB, index: 7, value: 0.25, resetManualInput: false }],
      user: 'maintenance',
    });
    expect(res.status).toBe(200);
    const saved = (await res.json()) as ReportLiveItem;
    expect(saved.manual).toEqual([
      expect.objectContaining({
        pv: TURBIDITY_LAB,
        index: 7,
        value: 0.25,
        enteredBy: 'maintenance',
      }),
    ]);
    await hub.until(() => pushes().length > 1);
    expect(pushes().at(-1)!.manual[0]).toMatchObject({ value: 0.25, enteredBy: 'maintenance' });
    const [config] = await json<ReportConfig[]>(reportPath(REPORT_API.configs, { id: 2 }));
    const col = colIndex(config!, 'lw2901');
    const data = await json<ReportData>(dataUrl(201, 'Daily', date));
    expect(data.rows[7]!.values[col]).toBe(0.25);
    expect(data.manual[0]!.enteredAt).toBeGreaterThan(0);
    // A control event records it.
    const events = plant.server.context.db
      .prepare("SELECT count(*) AS n FROM control_events WHERE text LIKE 'Handeingabe:%'")
      .get() as { n: number };
    expect(events.n).toBeGreaterThan(0);
    await call('POST', manualUrl(201, 'Daily', date), {
      body: [{ pv: TURBIDITY_LAB, index: 7, value: null, resetManualInput: true }],
    });
    const after = await json<ReportData>(dataUrl(201, 'Daily', date));
    expect(after.rows[7]!.values[col]).toBeNull();
    await hub.until(() => pushes().at(-1)!.manual.length === 0);
    hub.ws.close();
  });
});

describe('manual input across reports with day rows', () => {
  it('RP10: a day value saved in the monthly report reaches a tab showing the week ending that day', async () => {
    const date = yesterday();
    const weekKey = `r201_Weekly_${date}`;
    const { hub, pushes } = await reportHub(weekKey);
    await hub.until(() => pushes().length > 0);
    const month = await json<ReportData>(dataUrl(201, 'Monthly', date));
    const index = month.rows.findIndex(
      (r) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(r.t) === date,
    );
    const res = await call('POST', manualUrl(201, 'Monthly', date), {
      body: [{ pv: TURBIDITY_LAB, index, value: 1.5, resetManualInput: false }],
    });
    expect(res.status).toBe(200);
    await hub.until(() => pushes().some((p) => p.manual.length > 0));
    expect(pushes().at(-1)).toMatchObject({ key: weekKey, manual: [{ index: 6, value: 1.5 }] });
    const week = await json<ReportData>(dataUrl(201, 'Weekly', date));
    expect(week.rows[6]!.values[0]).toBe(1.5);
    hub.ws.close();
  });
});

describe('overflow basins (SPEC §3 Rueb, §7 Rueb and Sebam)', () => {
  it('RP8: configs name the basins; events follow a simulated overflow in the archive', async () => {
    const configs = await json<{
      ruebConfigItems: {
        stationNumber: number;
        threshold: number;
        levelPv: { type: string; nr: number };
        overflowVolumePv: { type: string; nr: number };
      }[];
    }>(REPORT_API.ruebConfigs);
    expect(configs.ruebConfigItems.map((c) => c.stationNumber)).toEqual([10, 11]);
    const basin = configs.ruebConfigItems[0]!;
    // Simulate a rain event in January 2025 (before the generated history): the level rises
    // to the crest (4.5 m) for 90 minutes with 5 m³ over the weir per quarter hour, and later
    // once over the threshold for 30 minutes, below the crest, without overflow.
    const level = plant.server.archive.pv(basin.levelPv as never)!;
    const counter = plant.server.archive.pv(basin.overflowVolumePv as never)!;
    const start = Date.UTC(2025, 0, 10, 9, 0);
    const store = plant.server.context.db.prepare(
      `INSERT OR REPLACE INTO archive_quarter_hour (pv, t, n, sum, vmin, vmax, last, last_t, total)
       VALUES (?, ?, 15, ?, ?, ?, ?, ?, ?)`,
    );
    const quarter = (pv: number, i: number, v: number, total: number) =>
      store.run(pv, start + i * 900_000, v * 15, v, v, v, start + i * 900_000, total);
    for (let i = 0; i < 16; i++) {
      const full = i >= 2 && i < 8;
      const second = i >= 12 && i < 14;
      quarter(level.id, i, full ? 4.5 : second ? basin.threshold + 0.2 : 0.3, 0);
      quarter(counter.id, i, 100, full ? 5 : 0);
    }
    const res = await json<RuebEvents>(
      reportPath(REPORT_API.ruebEvents, { station: basin.stationNumber, year: 2025, month: 1 }),
    );
    expect(res.ruebEvents).toEqual([
      expect.objectContaining({
        start: start + 2 * 900_000,
        end: start + 8 * 900_000,
        durationMs: 90 * 60_000,
        volume: 30,
        overflow: true,
        maxLevel: 4.5,
      }),
      expect.objectContaining({
        start: start + 12 * 900_000,
        durationMs: 30 * 60_000,
        volume: 0,
        overflow: false,
      }),
    ]);
    const yearView = await json<RuebEvents>(
      reportPath(REPORT_API.ruebEvents, { station: 0, year: 2025, month: 0 }),
    );
    expect(yearView.ruebEvents.length).toBeGreaterThanOrEqual(2);
    expect(
      (await call('GET', reportPath(REPORT_API.ruebEvents, { station: 2, year: 2025, month: 1 })))
        .status,
    ).toBe(404);
    const sebam = await json<SebamConfigs>(REPORT_API.sebamConfigs);
    expect(sebam.configs.map((c) => c.stationNumber)).toEqual([10, 11]);
  });
});
