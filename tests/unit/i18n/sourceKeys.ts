/**
 * Which locale keys a part of the client can show, read from its source: the modules a file
 * reaches through relative imports, and the key literals they contain ('alerts.banner.open',
 * `alerts.horn.state.${state}`). Used to check that the first screen's file of each language
 * (locales/<lang>/shell.json) holds what the shell shows, and that each lazily loaded page
 * names the locale areas it needs (src/app/localeAreas.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../../..');

const STATIC_IMPORT =
  /(?:^|[\s;}])(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;
/**
 * `withAreas(AREAS, import('./X.tsx'))` outside a route table: a lazy part that loads the
 * texts it shows itself (src/features/shared/actions/LazyPvActions.ts), not followed into the
 * graph of the page that offers it. The areas: an array literal or a const of the same file.
 */
const OWN_AREAS_IMPORT =
  /\bwithAreas\(\s*(?:\[([^\]]*)\]|(\w+))\s*,\s*import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
const ARRAY_CONST = /\bconst\s+(\w+)(?:\s*:[^=]+)?\s*=\s*\[([^\]]*)\](?:\s*as\s+const)?/g;

/** Source files read once per run: every page's graph walks the same shared modules. */
const SOURCES = new Map<string, string>();
function source(file: string): string {
  let code = SOURCES.get(file);
  if (code === undefined) SOURCES.set(file, (code = readFileSync(file, 'utf8')));
  return code;
}

/** A lazy part that loads its own texts: the module and the areas it names (null: no list). */
export interface OwnAreasImport {
  module: string;
  areas: string[] | null;
}

interface Imports {
  staticImports: string[];
  dynamicImports: string[];
  ownAreas: OwnAreasImport[];
}

/** The files a source file imports (resolved), read and matched once per run. */
const IMPORTS = new Map<string, Imports>();
function importsOf(file: string): Imports {
  let found = IMPORTS.get(file);
  if (!found) {
    const code = source(file);
    const at = (path: string) => resolve(dirname(file), path);
    const lists = new Map([...code.matchAll(ARRAY_CONST)].map((c) => [c[1]!, c[2]!]));
    const areasIn = (list: string | undefined) =>
      list === undefined ? null : [...list.matchAll(/['"](\w+)['"]/g)].map((a) => a[1]!);
    const ownAreas = isRouteTable(file)
      ? []
      : [...code.matchAll(OWN_AREAS_IMPORT)].map((m) => ({
          module: at(m[3]!),
          areas: areasIn(m[2] === undefined ? m[1] : lists.get(m[2])),
        }));
    const own = new Set(ownAreas.map((o) => o.module));
    found = {
      staticImports: [...code.matchAll(STATIC_IMPORT)].map((m) => at(m[1]!)),
      dynamicImports: [...code.matchAll(DYNAMIC_IMPORT)]
        .map((m) => at(m[1]!))
        .filter((f) => !own.has(f)),
      ownAreas,
    };
    IMPORTS.set(file, found);
  }
  return found;
}

/** The lazy parts that load their own texts (`withAreas` outside route tables) in `files`. */
export function ownAreasImports(files: readonly string[]): OwnAreasImport[] {
  return files.flatMap((file) => (/\.tsx?$/.test(file) ? importsOf(file).ownAreas : []));
}

/** Files whose dynamic imports are route pages: those load their areas themselves. */
const isRouteTable = (file: string) => /[\\/]routes\.tsx?$/.test(file);

export interface GraphOptions {
  /**
   * Follow `import('./x.tsx')` (lazy dialogs and pages) as well as static imports; never one
   * that loads its own texts (`withAreas(AREAS, import(…))`, checked on its own).
   */
  dynamic: boolean;
  /** With `dynamic`: do not follow the lazy pages of route tables. */
  skipRoutePages?: boolean;
}

/** Source files (absolute paths) reached from `entries` through relative imports. */
export function moduleGraph(entries: readonly string[], options: GraphOptions): string[] {
  const seen = new Set<string>();
  const queue = entries.map((e) => resolve(ROOT, e));
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file) || !/\.tsx?$/.test(file) || !existsSync(file)) continue;
    seen.add(file);
    const { staticImports, dynamicImports } = importsOf(file);
    queue.push(...staticImports);
    if (options.dynamic && !(options.skipRoutePages && isRouteTable(file)))
      queue.push(...dynamicImports);
  }
  return [...seen];
}

/**
 * Key references in source files: full keys ('a.b.c') and prefixes of composed keys
 * (`a.b.${x}` gives 'a.b.*'), limited to the given top-level areas.
 */
export function keyReferences(files: readonly string[], areas: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const file of files)
    for (const key of literalsOf(file)) if (areas.has(key.split('.')[0]!)) out.add(key);
  return out;
}

/** Key-like literals of a file (prefixes end in *), matched once per run. */
const LITERALS = new Map<string, string[]>();
function literalsOf(file: string): string[] {
  let found = LITERALS.get(file);
  if (!found) {
    const literal = /(['"`])([a-zA-Z][\w-]*(?:\.[\w-]+)+\.?)(\$\{|\1)/g;
    // A template literal that goes on with `${…}` names a prefix.
    found = [...source(file).matchAll(literal)].map((m) => (m[3] === '${' ? `${m[2]!}*` : m[2]!));
    LITERALS.set(file, found);
  }
  return found;
}

/** Flat locale keys that a reference covers: the key, its plural forms, or a whole subtree. */
export function coveredBy(reference: string, flatKeys: readonly string[]): string[] {
  if (reference.endsWith('*')) return flatKeys.filter((k) => k.startsWith(reference.slice(0, -1)));
  return flatKeys.filter(
    (k) =>
      k === reference ||
      k.startsWith(`${reference}.`) ||
      (k.startsWith(`${reference}_`) && /^_[a-z]+$/.test(k.slice(reference.length))),
  );
}
