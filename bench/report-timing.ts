/**
 * Report timings on this machine: the answer time of a station's one-year annual report (and
 * of its daily, weekly and monthly reports) from the archive of the simulated plant, through
 * the real route (`app.inject`, so HTTP parsing and JSON included, no socket). The first call
 * of each kind is reported apart (it fills the station's archive history lazily); then
 * `runs` warm calls give median and p95. Run with
 * `npx tsx bench/report-timing.ts [configId=201] [runs=30]`; prints the figures, asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../server/app.ts';
import type { SessionUser } from '../server/auth/service.ts';
import { readConfig } from '../server/config.ts';
import { REPORT_API, reportPath, type ReportData } from '../src/contract/reports.ts';
import { formatReportDate, todayIn } from '../src/domain/reportPeriod.ts';

const configId = Number(process.argv[2] ?? 201);
const runs = Number(process.argv[3] ?? 30);
const ADMIN: SessionUser = {
  userId: 1,
  username: 'bench',
  role: 'admin',
  rights: new Set(['admin']),
  stations: null,
  sessionId: 'bench',
};

const dataDir = mkdtempSync(join(tmpdir(), 'pegel-report-timing-'));
const server = await buildServer(
  readConfig({
    PEGEL_DATA_DIR: dataDir,
    PEGEL_DIST_DIR: join(dataDir, 'dist'),
    PEGEL_HISTORY_DAYS: '0',
    PEGEL_LOG_LEVEL: 'warn',
  }),
  { manualPlant: true, auth: { userOf: () => ADMIN } },
);
try {
  const today = todayIn(Date.now(), 'Europe/Berlin');
  const yesterday = formatReportDate(Date.parse(today) - 86_400_000);
  const time = async (kind: string, date: string) => {
    const t0 = performance.now();
    const res = await server.app.inject({
      url: `${reportPath(REPORT_API.data, { configId, kind })}?date=${date}`,
    });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${kind}: ${res.statusCode} ${res.body}`);
    return { ms, data: res.json<ReportData>(), bytes: res.body.length };
  };
  const stats = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return {
      median: s[Math.floor(s.length / 2)]!,
      p95: s[Math.min(s.length - 1, Math.floor(s.length * 0.95))]!,
    };
  };
  console.log(`report config ${configId}, ${runs} warm runs each`);
  for (const [kind, date] of [
    ['Annual', today],
    ['Daily', yesterday],
    ['Weekly', yesterday],
    ['Monthly', yesterday],
  ] as const) {
    const first = await time(kind, date);
    const warm: number[] = [];
    for (let i = 0; i < runs; i++) warm.push((await time(kind, date)).ms);
    const { median, p95 } = stats(warm);
    const cells = first.data.rows.length * (first.data.rows[0]?.values.length ?? 0);
    console.log(
      `${kind.padEnd(8)} ${first.data.rows.length} rows × ${first.data.rows[0]?.values.length} columns (${cells} cells, ${first.bytes} bytes): ` +
        `first ${first.ms.toFixed(1)} ms (the first kind includes the lazy history fill of the station), ` +
        `warm median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`,
    );
  }
} finally {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
