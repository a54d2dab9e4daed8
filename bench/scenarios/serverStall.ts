/**
 * The server never stalls (issue 58 item 5): the reference server's event-loop delay while
 * 20 sign-ins and first archive reads run at once, in load mode (the shared server) and on
 * the simulated plant, whose first read of a station computes its history from the station's
 * model. Beside each window, the same server's idle window: the floor of the machine then.
 * The standalone command is `npx tsx bench/server-stall.ts`.
 */
import { defineScenario, NotReady, type FigureSamples } from '../harness/scenario.ts';
import { DEFAULT_LOAD } from '../harness/context.ts';
import { signInHttp } from '../../tests/support/login.ts';
import { archiveStations, measureIdle, measureStall } from '../harness/serverStall.ts';

interface StallParams {
  windows: number;
  signIns: number;
  stations: number;
}

const TARGET = { op: '<=', value: 20 } as const;

export default defineScenario<StallParams>({
  id: 'server-stall',
  title: 'Server event-loop delay under sign-ins and archive reads',
  order: 70,
  figures: [
    {
      id: 'loadP99',
      label: 'Load mode: p99 event-loop delay',
      unit: 'ms',
      better: 'lower',
      target: TARGET,
    },
    { id: 'loadMax', label: 'Load mode: longest stall', unit: 'ms', better: 'lower' },
    {
      id: 'loadIdleP99',
      label: 'Load mode, idle: p99 event-loop delay',
      unit: 'ms',
      better: 'lower',
    },
    {
      id: 'plantP99',
      label: 'Simulated plant: p99 event-loop delay',
      unit: 'ms',
      better: 'lower',
      target: TARGET,
    },
    { id: 'plantMax', label: 'Simulated plant: longest stall', unit: 'ms', better: 'lower' },
    {
      id: 'plantIdleP99',
      label: 'Simulated plant, idle: p99 event-loop delay',
      unit: 'ms',
      better: 'lower',
    },
  ],
  quick: { windows: 1, signIns: 20, stations: 8 },
  full: { windows: 3, signIns: 20, stations: 8 },
  async run(ctx, params) {
    if (ctx.plant !== 'reference' || !ctx.signedIn)
      throw new NotReady('needs the reference server and its sign-in');
    const figures: Record<string, FigureSamples> = {};
    const add = (id: string, v: number) => ((figures[id] ??= {}).value ??= []).push(v);
    const servers = [
      { prefix: 'load', server: await ctx.server() },
      {
        prefix: 'plant',
        server: await ctx.startServer(DEFAULT_LOAD, { PEGEL_LOAD_STATIONS: '0' }),
      },
    ];
    for (const { prefix, server } of servers) {
      const reader = await signInHttp(server.url, 'admin');
      const stations = await archiveStations(reader, params.windows * params.stations);
      for (let w = 0; w < params.windows; w++) {
        const idle = await measureIdle(server.url, 3_000);
        add(`${prefix}IdleP99`, idle.p99Ms);
        const window = await measureStall(
          server.url,
          reader,
          stations.slice(w * params.stations, (w + 1) * params.stations),
          params.signIns,
        );
        add(`${prefix}P99`, window.p99Ms);
        add(`${prefix}Max`, window.maxMs);
        ctx.log(
          `${prefix}: p99 ${window.p99Ms.toFixed(1)} ms (idle ${idle.p99Ms.toFixed(1)}), max ${window.maxMs.toFixed(1)} ms`,
        );
      }
    }
    return {
      figures,
      notes: [
        `${params.signIns} sign-ins and a year's chart read of ${params.stations} stations at once per window; /metrics pegel_event_loop_delay_seconds over the window.`,
      ],
    };
  },
});
