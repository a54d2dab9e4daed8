/**
 * Server stall bench (issue 58 item 5): the reference server's event-loop delay while 20
 * sign-ins and first archive reads of 8 stations run at once, in the bench's load mode and
 * on the simulated plant (whose first read of a station computes its history from the
 * station's model). Target: p99 ≤ 20 ms.
 *
 *   npx tsx bench/server-stall.ts [signIns=20] [stations=8] [windows=3] [modes=2]
 *
 * modes=1 measures load mode only, modes=plant the simulated plant only.
 *
 * The suite runs the same measurement as scenario `server-stall`.
 * PEGEL_STALL_PROFILE=<dir> writes a V8 CPU profile of each server there with its stalls
 * (harness/cpuProfilePreload.mjs); `npx tsx bench/stall-profile.ts <dir>` says what ran in them.
 */
import { resolve } from 'node:path';
import { startPlantServer } from '../tests/support/plantServer.ts';
import { signInHttp } from '../tests/support/login.ts';
import { DEFAULT_LOAD, loadEnv } from './harness/context.ts';
import { exitWhenDone } from './harness/exit.ts';
import {
  archiveStations,
  measureIdle,
  measureStall,
  type StallWindow,
} from './harness/serverStall.ts';

const args = process.argv.slice(2);
const plantOnly = args.includes('plant');
const [signIns = 20, stations = 8, windows = 3, modes = 2] = args
  .map((a) => Number(a))
  .filter((n) => Number.isFinite(n) && n > 0);

/** The server's environment: PEGEL_STALL_PROFILE=<dir> adds a CPU profile of it. */
function profiled(env: Record<string, string>): Record<string, string> {
  const dir = process.env.PEGEL_STALL_PROFILE;
  if (!dir) return env;
  const preload = new URL('./harness/cpuProfilePreload.mjs', import.meta.url).href;
  return {
    ...env,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${preload}`.trim(),
    PEGEL_CPU_PROFILE_DIR: resolve(dir),
    PEGEL_CPU_PROFILE_STALLS: '1',
  };
}

async function run(label: string, env: Record<string, string>): Promise<StallWindow[]> {
  const server = await startPlantServer({
    env: profiled({ PEGEL_RATE_HEAVY_PER_MIN: '0', ...env }),
  });
  try {
    const reader = await signInHttp(server.url, 'admin');
    const all = await archiveStations(reader, windows * stations);
    const out: StallWindow[] = [];
    for (let w = 0; w < windows; w++) {
      const idle = await measureIdle(server.url, 3_000);
      console.log(
        `${label} idle ${w + 1}: p50 ${idle.p50Ms.toFixed(1)} ms, p99 ${idle.p99Ms.toFixed(1)} ms, max ${idle.maxMs.toFixed(1)} ms`,
      );
      const window = await measureStall(
        server.url,
        reader,
        all.slice(w * stations, (w + 1) * stations),
        signIns,
      );
      console.log(
        `${label} window ${w + 1}: p50 ${window.p50Ms.toFixed(1)} ms, p99 ${window.p99Ms.toFixed(1)} ms, max ${window.maxMs.toFixed(1)} ms, ${window.wallMs.toFixed(0)} ms wall, server CPU ${window.cpuMs.toFixed(0)} ms (${window.metric})`,
      );
      out.push(window);
    }
    return out;
  } finally {
    await server.dispose();
  }
}

if (!plantOnly) await run('load mode', loadEnv(DEFAULT_LOAD));
if (plantOnly || modes > 1) await run('simulated plant', { PEGEL_LOAD_STATIONS: '0' });
exitWhenDone();
