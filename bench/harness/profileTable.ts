/**
 * A CPU profile as the trace tools print it (alert-row-trace.ts, alert-filter-trace.ts): self
 * and total time per function, named through the build's source maps.
 */
import { sourceName } from './sourceNames.ts';
import type { CpuProfile, ProfileNode } from './workerProfile.ts';

/** The `n` largest entries of `counts`, each as `line` gives it, joined by `separator`. */
export function largest(
  counts: ReadonlyMap<string, number>,
  n: number,
  line: (key: string, value: number) => string,
  separator = '; ',
): string {
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => line(k, v))
    .join(separator);
}

/** `function (source:line)` of a profile node, through the build's source maps. */
function nodeName(node: ProfileNode): string {
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  return sourceName(functionName, url, lineNumber, columnNumber);
}

/** Self and total (inclusive) ms per function of a profile, through source maps. */
export function profileTable(profile: CpuProfile, top = 25): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let busy = 0;
  for (let i = 0; i < samples.length; i++) {
    const node = byId.get(samples[i]!);
    const dt = Math.max(0, deltas[i] ?? 0) / 1000;
    if (!node || node.callFrame.functionName === '(idle)') continue;
    busy += dt;
    const name = nodeName(node);
    self.set(name, (self.get(name) ?? 0) + dt);
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const n = nodeName(byId.get(id)!);
      if (seen.has(n)) continue;
      seen.add(n);
      total.set(n, (total.get(n) ?? 0) + dt);
    }
  }
  const fmt = (m: Map<string, number>) =>
    largest(m, top, (k, ms) => `  ${ms.toFixed(0).padStart(6)} ms  ${k}`, '\n');
  // The source's path as the map names it: `src/…`, or under the checkout's absolute path.
  const own = new Map(
    [...total.entries()].filter(([k]) => /\((?![^)]*node_modules)[^)]*\bsrc\//.test(k)),
  );
  return `busy ${busy.toFixed(0)} ms\nself:\n${fmt(self)}\ntotal:\n${fmt(total)}\ntotal, the project's own functions:\n${fmt(own)}`;
}
