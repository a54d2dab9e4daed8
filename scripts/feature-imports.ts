/**
 * The import picture of src/features: which feature folder imports which (one arrow per
 * ordered pair of folders, however many lines), how many arrows run back up a floor and how
 * many pairs import each other. `shared` is the floor under all features: arrows into it are
 * allowed and not counted, arrows out of it are (it is not a folder of the count).
 * A floor is a feature's place in the order of the graph without its cycles: a folder sits one
 * floor above the highest folder it imports; an arrow "back up" points to a folder on the same
 * or a higher floor (it is one of the arrows that had to be dropped to get the order).
 *   npx tsx scripts/feature-imports.ts [--list] [--json]
 * docs/architecture.md gives the numbers; eslint.config.js enforces zero.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const FEATURES = join(ROOT, 'src', 'features');
const SHARED = 'shared';

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return /\.(tsx?|mts)$/.test(name) ? [path] : [];
  });
}

const SPEC =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

/** The feature folder a path lies in, or undefined outside src/features. */
function featureOf(path: string): string | undefined {
  const rel = relative(FEATURES, path);
  if (rel.startsWith('..')) return undefined;
  return rel.split(sep)[0];
}

/** One arrow: the importing files and the files they import, relative to the repository. */
export type Arrow = { from: string; to: string; files: string[]; targets: string[] };

export function featureArrows(): { folders: string[]; arrows: Arrow[] } {
  const folders = readdirSync(FEATURES).filter(
    (f) => f !== SHARED && statSync(join(FEATURES, f)).isDirectory(),
  );
  const arrows = new Map<string, Arrow>();
  for (const file of walk(FEATURES)) {
    const from = featureOf(file)!;
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(SPEC)) {
      const spec = m[1] ?? m[2] ?? m[3]!;
      if (!spec.startsWith('.')) continue;
      const target = resolve(dirname(file), spec);
      const to = featureOf(target);
      if (to === undefined || to === from || to === SHARED) continue;
      const key = `${from}>${to}`;
      const arrow = arrows.get(key) ?? { from, to, files: [], targets: [] };
      const rel = relative(ROOT, file);
      if (!arrow.files.includes(rel)) arrow.files.push(rel);
      const targetRel = relative(ROOT, target);
      if (!arrow.targets.includes(targetRel)) arrow.targets.push(targetRel);
      arrows.set(key, arrow);
    }
  }
  return { folders, arrows: [...arrows.values()] };
}

/** Floors by repeatedly taking the folders that import nothing left; cycles are broken at the
 * folder imported by the most others (it is the one acting as a hidden shared layer). */
export function floors(folders: string[], arrows: Arrow[]): Map<string, number> {
  const floor = new Map<string, number>();
  const left = new Set(folders);
  let level = 0;
  while (left.size > 0) {
    let ready = [...left].filter((f) =>
      arrows.every((a) => a.from !== f || !left.has(a.to) || a.to === f),
    );
    if (ready.length === 0) {
      const fanIn = (f: string) => arrows.filter((a) => a.to === f && left.has(a.from)).length;
      ready = [[...left].sort((a, b) => fanIn(b) - fanIn(a) || a.localeCompare(b))[0]!];
    }
    for (const f of ready) {
      floor.set(f, level);
      left.delete(f);
    }
    level += 1;
  }
  return floor;
}

export function picture() {
  const { folders, arrows } = featureArrows();
  const floor = floors([...folders, SHARED], arrows);
  const backUp = arrows.filter((a) => floor.get(a.to)! >= floor.get(a.from)!);
  const twoWay = arrows
    .filter((a) => a.from < a.to && arrows.some((b) => b.from === a.to && b.to === a.from))
    .map((a) => `${a.from} <-> ${a.to}`);
  return { folders: folders.length, arrows, backUp, twoWay, floor };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const p = picture();
  if (process.argv.includes('--json')) {
    console.log(
      JSON.stringify(
        {
          folders: p.folders,
          arrows: p.arrows.length,
          backUp: p.backUp.length,
          twoWay: p.twoWay.length,
        },
        null,
        2,
      ),
    );
  } else {
    console.log(
      `${p.folders} feature folders, ${p.arrows.length} arrows, ${p.backUp.length} back up a floor, ${p.twoWay.length} two-way pairs`,
    );
    if (process.argv.includes('--list')) {
      for (const a of p.arrows.sort((x, y) => `${x.from}${x.to}`.localeCompare(`${y.from}${y.to}`)))
        console.log(
          `${p.backUp.includes(a) ? '^' : ' '} ${a.from} -> ${a.to}  (${a.files.length}: ${a.files.map((f) => f.replace('src/features/', '')).join(', ')})`,
        );
      for (const t of p.twoWay) console.log(`two-way: ${t}`);
    }
  }
}
