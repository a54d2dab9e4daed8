/**
 * What held the server's event loop: reads the CPU profiles and stall lists that
 * `PEGEL_STALL_PROFILE=<dir> npx tsx bench/server-stall.ts` wrote (harness/cpuProfilePreload.mjs)
 * and prints, per server, its stalls (a turn of the loop later than 20 ms) with the most CPU
 * sampled inside, and the server code that ran then.
 *
 *   npx tsx bench/stall-profile.ts <dir> [skipSeconds=5] [rows=12]
 *
 * A stall with little CPU inside is the machine's scheduler (the process waited for a core);
 * one with much CPU is the server's own work: that is what to move off the loop. The first
 * seconds (start-up: module loading) are left out.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
type Stall = [startUs: number, endUs: number, ms: number];

const SAMPLE_MS = 0.2;
const APP_CODE = /\/(server|src)\//;

const [dir, skipArg = '5', rowsArg = '12'] = process.argv.slice(2);
if (!dir) {
  console.error('usage: npx tsx bench/stall-profile.ts <dir> [skipSeconds=5] [rows=12]');
  process.exit(2);
}

function frameName(node: ProfileNode): string {
  const url = node.callFrame.url.replace(/^.*\/(server|src|node_modules)\//, '$1/');
  return `${node.callFrame.functionName || '(anonymous)'} ${url}`.trim();
}

function report(file: string): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const stalls = JSON.parse(
    readFileSync(file.replace(/\.cpuprofile$/, '.stalls.json'), 'utf8'),
  ) as Stall[];
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // The deepest frame of the server's own code in a sample (else the sampled frame itself),
  // and the outermost one: what ran, and on whose behalf.
  const frames = (id: number): { inner: string; outer: string } => {
    let inner: string | null = null;
    let outer: string | null = null;
    for (let c: number | undefined = id; c !== undefined; c = parent.get(c)) {
      const node = byId.get(c)!;
      if (!APP_CODE.test(node.callFrame.url)) continue;
      inner ??= frameName(node);
      outer = frameName(node);
    }
    const own = frameName(byId.get(id)!);
    return { inner: inner ?? own, outer: outer ?? own };
  };
  const times: number[] = [];
  let t = profile.startTime;
  for (const d of profile.timeDeltas) times.push((t += d));
  const rows = stalls
    .filter(([start]) => (start - profile.startTime) / 1e6 >= Number(skipArg))
    .map(([start, end, ms]) => {
      const inner = new Map<string, number>();
      const outer = new Map<string, number>();
      let busy = 0;
      for (let i = 0; i < times.length; i++) {
        if (times[i]! < start || times[i]! > end) continue;
        const id = profile.samples[i]!;
        if (byId.get(id)!.callFrame.functionName === '(idle)') continue;
        busy++;
        const f = frames(id);
        inner.set(f.inner, (inner.get(f.inner) ?? 0) + 1);
        outer.set(f.outer, (outer.get(f.outer) ?? 0) + 1);
      }
      const top = (m: Map<string, number>) =>
        [...m]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 3)
          .map(([k, n]) => `${k} ${(n * SAMPLE_MS).toFixed(1)} ms`)
          .join('; ');
      return {
        at: (start - profile.startTime) / 1e6,
        ms,
        cpuMs: busy * SAMPLE_MS,
        inner: top(inner),
        outer: top(outer),
      };
    })
    .sort((a, b) => b.cpuMs - a.cpuMs);
  const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + f(r), 0);
  console.log(
    `${file}: ${rows.length} stalls, ${sum((r) => r.ms).toFixed(0)} ms late in all, ${sum((r) => r.cpuMs).toFixed(0)} ms of CPU inside`,
  );
  for (const r of rows.slice(0, Number(rowsArg))) {
    console.log(
      `  at ${r.at.toFixed(2)} s: ${r.ms.toFixed(0)} ms late, ${r.cpuMs.toFixed(1)} ms CPU | ${r.outer}`,
    );
    console.log(`      ran: ${r.inner}`);
  }
}

for (const name of readdirSync(dir).sort()) {
  if (name.endsWith('.cpuprofile')) report(join(dir, name));
}
