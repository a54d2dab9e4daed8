import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type TS from 'typescript';
import type { OutputBundle, OutputChunk } from 'rolldown';

/**
 * The files of the page a tab opens with, asked for by the page's first script (the boot
 * script of vite.config.ts) beside the main chunk instead of after it. Without it, a lazy
 * page's chunk is asked for only when App.tsx evaluates (`preloadPages`), once the main chunk
 * has streamed, compiled and run, and its text files with it: a route waterfall of 50-90 ms
 * before the first render of a second archive tab (bench/README.md "The route's files with
 * the main chunk").
 *
 * The routes are read from the route files' source (`lazyPage(areas, () => import('./X'), …)`
 * under a literal `path`), the files from the build's bundle: the page chunk with its static
 * imports (less what the entry loads anyway), its style sheets, and the text files of its
 * areas in each language. Every `lazyPage` call of a route file must be read, else the build
 * fails: a page the map missed would silently load late again.
 */

/** A lazy page route as its route file declares it. */
export interface LazyRoute {
  /** The route's path: absolute (`/login`) or below the shell (`alerts/archive`). */
  path: string;
  /** The page module's absolute file name. */
  module: string;
  /** The text areas the page shows (`withAreas`). */
  areas: string[];
}

/** How a route file is recognised among the bundle's modules. */
export const ROUTE_FILE = /\/src\/(app|features\/[\w-]+)\/routes\.tsx$/;

type Ts = typeof TS;

function stringsOf(
  ts: Ts,
  node: TS.Expression,
  consts: Map<string, TS.Expression>,
): string[] | null {
  let n: TS.Expression = node;
  while (ts.isAsExpression(n) || ts.isParenthesizedExpression(n) || ts.isSatisfiesExpression(n))
    n = n.expression;
  if (ts.isIdentifier(n)) {
    const init = consts.get(n.text);
    return init ? stringsOf(ts, init, consts) : null;
  }
  if (!ts.isArrayLiteralExpression(n)) return null;
  const out: string[] = [];
  for (const e of n.elements) {
    if (!ts.isStringLiteralLike(e)) return null;
    out.push(e.text);
  }
  return out;
}

/** `() => import('./X.tsx')`: the specifier, or null for any other shape. */
function importOf(ts: Ts, node: TS.Expression | undefined): string | null {
  if (!node || !ts.isArrowFunction(node) || !ts.isCallExpression(node.body)) return null;
  const call = node.body;
  const arg = call.arguments[0];
  return call.expression.kind === ts.SyntaxKind.ImportKeyword && arg && ts.isStringLiteralLike(arg)
    ? arg.text
    : null;
}

/**
 * The lazy page routes of one route file. Throws on a `lazyPage` call it cannot read: not the
 * `element` of a route object with a literal `path`, or its areas or import not literal (an
 * array of strings, or a const of one in the same file; `() => import('…')`).
 */
export function readLazyRoutes(ts: Ts, file: string, source: string): LazyRoute[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const consts = new Map<string, TS.Expression>();
  const calls: TS.CallExpression[] = [];
  const routes: LazyRoute[] = [];
  const fail = (node: TS.Node, why: string): never => {
    const { line } = sf.getLineAndCharacterOfPosition(node.getStart());
    throw new Error(`${file}:${line + 1}: a lazy page route the preload map cannot read: ${why}`);
  };
  const visit = (node: TS.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer)
      consts.set(node.name.text, node.initializer);
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'lazyPage'
    )
      calls.push(node);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  for (const call of calls) {
    const prop = call.parent;
    if (!ts.isPropertyAssignment(prop) || prop.name.getText(sf) !== 'element')
      fail(call, 'not the element of a route');
    const route = (prop as TS.PropertyAssignment).parent;
    const pathProp = route.properties.find(
      (p): p is TS.PropertyAssignment =>
        ts.isPropertyAssignment(p) && p.name.getText(sf) === 'path',
    );
    if (!pathProp || !ts.isStringLiteralLike(pathProp.initializer))
      fail(route, 'its path is not a string literal');
    const [areasArg, loadArg] = call.arguments;
    const areas = areasArg ? stringsOf(ts, areasArg, consts) : null;
    if (!areas) fail(call, 'its areas are not an array of strings');
    const specifier = importOf(ts, loadArg);
    if (!specifier) fail(call, "its module is not `() => import('…')`");
    routes.push({
      path: (pathProp!.initializer as TS.StringLiteral).text,
      module: resolve(dirname(file), specifier!),
      areas: areas!,
    });
  }
  return routes;
}

/** A locale file's language and file (locales/<lang>/<file>.json), an asset of the build. */
const LOCALE_FILE = /locales\/(\w+)\/(\w+)\.json$/;

/**
 * The map the boot script reads (`ROUTE_PRELOADS`), compact for the page's HTML:
 * `f`: file names (below the base); `r`: `[pattern, file indexes, area indexes]` per route,
 * the pattern absolute (`/alerts/archive`, `/charts/:id`); `a`: area names; `t`: per language,
 * an area index → file index map of its text files.
 */
export interface RoutePreloadMap {
  f: string[];
  r: [string, number[], number[]][];
  a: string[];
  t: Record<string, Record<number, number>>;
}

export function routePreloadMap(
  routes: readonly LazyRoute[],
  bundle: OutputBundle,
  base = '/',
): RoutePreloadMap {
  const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  // The chunk a page module is in: its own (a dynamic entry), or a shared one where other
  // modules import it too.
  const byModule = new Map<string, OutputChunk>();
  for (const c of chunks) if (c.facadeModuleId) byModule.set(c.facadeModuleId, c);
  for (const c of chunks) for (const id of c.moduleIds) if (!byModule.has(id)) byModule.set(id, c);
  // What the entry loads anyway: its static imports, transitively.
  const loaded = new Set<string>();
  const closure = (file: string, into: Set<string>) => {
    if (into.has(file)) return;
    into.add(file);
    for (const dep of byFile.get(file)?.imports ?? []) closure(dep, into);
  };
  for (const c of chunks) if (c.isEntry) closure(c.fileName, loaded);

  const files: string[] = [];
  const fileIndex = (name: string) => {
    const i = files.indexOf(name);
    return i >= 0 ? i : files.push(name) - 1;
  };
  const areas: string[] = [];
  const areaIndex = (name: string) => {
    const i = areas.indexOf(name);
    return i >= 0 ? i : areas.push(name) - 1;
  };
  const map: RoutePreloadMap = { f: files, r: [], a: areas, t: {} };
  for (const route of routes) {
    const page = byModule.get(route.module);
    if (!page) throw new Error(`no chunk of ${route.module} (route ${route.path})`);
    const own = new Set<string>();
    closure(page.fileName, own);
    const css = [...own].flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
    const list = [...[...own].filter((f) => !loaded.has(f)), ...new Set(css)];
    const pattern = `${base.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`;
    map.r.push([pattern, list.map(fileIndex), route.areas.map(areaIndex)]);
  }
  for (const out of Object.values(bundle)) {
    if (out.type !== 'asset') continue;
    const m = out.originalFileNames.map((n) => LOCALE_FILE.exec(n)).find((x) => x);
    if (!m?.[1] || !m[2] || !areas.includes(m[2])) continue;
    (map.t[m[1]] ??= {})[areaIndex(m[2])] = fileIndex(out.fileName);
  }
  return map;
}

/**
 * The lazy page routes of the route files among `moduleIds`. TypeScript's parser is loaded
 * here, not with vite.config.ts, which every dev server and test run loads.
 */
export async function lazyRoutesOf(moduleIds: Iterable<string>): Promise<LazyRoute[]> {
  const ts = (await import('typescript')).default;
  return [...new Set(moduleIds)]
    .filter((id) => ROUTE_FILE.test(id))
    .sort()
    .flatMap((id) => readLazyRoutes(ts, id, readFileSync(id, 'utf8')));
}

/**
 * The boot script's part (a function of the map, the base and the tab's language): the route
 * that matches the address best (the most literal segments, as react-router ranks a static
 * segment above a parameter) has its chunks preloaded as modules, its style sheets as style
 * (Vite's own helper then adds them in their place in the cascade), and its text files in the
 * language. ES5, as the rest of the boot script.
 */
export const ROUTE_PRELOAD_SCRIPT =
  `function(m,b,l){var p=location.pathname.replace(/\\/+$/,'').split('/'),best=null,score=-1;` +
  `m.r.forEach(function(r){var s=r[0].split('/'),n=0;if(s.length!==p.length)return;` +
  `for(var i=1;i<s.length;i++){if(s[i].charAt(0)===':'){if(!p[i])return}` +
  `else if(s[i].toLowerCase()!==p[i].toLowerCase())return;else n++}` +
  `if(n>score){score=n;best=r}});if(!best)return;` +
  `var t=m.t[l]||{},f=best[1].slice();best[2].forEach(function(a){if(t[a]!=null)f.push(t[a])});` +
  `f.forEach(function(i){var h=m.f[i],k=document.createElement('link');` +
  `if(/\\.css$/.test(h)){k.rel='preload';k.as='style'}` +
  `else if(/\\.json$/.test(h)){k.rel='preload';k.as='fetch'}else k.rel='modulepreload';` +
  `k.crossOrigin='';k.href=b+h;document.head.appendChild(k)})}`;
