/**
 * The route → files map of the page's first script (scripts/routePreloads.ts): every lazy page
 * of the route files is in it, a route it cannot read fails the build, and the boot's part picks
 * the route that matches the address best and preloads its files in the tab's language.
 * The browser side: SH10e in tests/e2e/shell.spec.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import {
  lazyRoutesOf,
  readLazyRoutes,
  routePreloadMap,
  ROUTE_FILE,
  ROUTE_PRELOAD_SCRIPT,
  type LazyRoute,
  type RoutePreloadMap,
} from '../../../scripts/routePreloads.ts';
import { ARCHIVE_PATH } from '../../../src/features/alerts/archivePath.ts';

const SRC = fileURLToPath(new URL('../../../src', import.meta.url));

function routeFiles(): string[] {
  const features = readdirSync(join(SRC, 'features'))
    .map((f) => join(SRC, 'features', f, 'routes.tsx'))
    .filter((f) => {
      try {
        readFileSync(f);
        return true;
      } catch {
        return false;
      }
    });
  return [join(SRC, 'app', 'routes.tsx'), ...features];
}

function chunk(fileName: string, over: Partial<OutputChunk> = {}): OutputChunk {
  return {
    type: 'chunk',
    fileName,
    isEntry: false,
    facadeModuleId: null,
    moduleIds: [],
    imports: [],
    viteMetadata: { importedCss: new Set<string>(), importedAssets: new Set<string>() },
    ...over,
  } as unknown as OutputChunk;
}

/** A locale file of the build: an asset, fetched as JSON by the app (src/app/i18n.ts). */
function texts(fileName: string, original: string): OutputAsset {
  return {
    type: 'asset',
    fileName,
    originalFileNames: [original],
    names: [],
    source: '{}',
  } as unknown as OutputAsset;
}

/** Runs the boot's part at `pathname` in `lang`; the hrefs of the links it added. */
function preloadsAt(map: RoutePreloadMap, pathname: string, lang: string): string[] {
  const links: { rel: string; as?: string; href: string; crossOrigin?: string }[] = [];
  const document = {
    createElement: () => ({}) as (typeof links)[number],
    head: { appendChild: (l: (typeof links)[number]) => links.push(l) },
  };
  // The script as the page inlines it.
  const run = new Function('location', 'document', `(${ROUTE_PRELOAD_SCRIPT})(...arguments[2])`);
  run({ pathname }, document, [map, '/', lang]);
  return links.map((l) => `${l.rel}${l.as ? `:${l.as}` : ''} ${l.href}`);
}

describe('build: the route files preloaded by the page', () => {
  it('RP1: every lazy page of every route file is read, the archive among them', async () => {
    const files = routeFiles();
    expect(files.every((f) => ROUTE_FILE.test(f))).toBe(true);
    const routes = await lazyRoutesOf(files);
    const calls = files
      .map((f) => readFileSync(f, 'utf8').match(/\blazyPage\(/g)?.length ?? 0)
      .reduce((a, b) => a + b, 0);
    expect(routes).toHaveLength(calls);
    const archive = routes.find((r) => `/${r.path}` === ARCHIVE_PATH);
    expect(archive?.module).toMatch(/\/src\/features\/alerts\/AlertsPage\.tsx$/);
    expect(archive?.areas).toContain('alerts');
    expect(routes.find((r) => r.path === '/login')?.areas).toEqual(['auth', 'platform', 'safeOps']);
  });

  it('RP2: a lazy page the map cannot read fails the build, with its file and line', () => {
    const read = (source: string) => () => readLazyRoutes(ts, '/src/features/x/routes.tsx', source);
    expect(
      read(
        `const P = '/x'; export const r = [{ path: P, element: lazyPage([], () => import('./X.tsx'), (m) => m.X) }];`,
      ),
    ).toThrow(/routes\.tsx:1: .*path is not a string literal/);
    expect(
      read(
        `export const r = [{ path: 'x', element: lazyPage(areas(), () => import('./X.tsx'), (m) => m.X) }];`,
      ),
    ).toThrow(/areas are not an array of strings/);
    expect(
      read(`export const r = [{ path: 'x', element: lazyPage([], load, (m) => m.X) }];`),
    ).toThrow(/module is not/);
    expect(read(`const e = lazyPage([], () => import('./X.tsx'), (m) => m.X);`)).toThrow(
      /not the element of a route/,
    );
    expect(
      read(
        `const A = ['a', 'b'] as const;\nexport const r = [{ path: 'x/:id', element: lazyPage(A, () => import('./X.tsx'), (m) => m.X) }];`,
      )(),
    ).toEqual([{ path: 'x/:id', module: '/src/features/x/X.tsx', areas: ['a', 'b'] }]);
  });

  it('RP3: a page is preloaded with its chunks less the entry, its style sheets and its texts per language', () => {
    const routes: LazyRoute[] = [
      { path: 'alerts/archive', module: '/src/A.tsx', areas: ['alerts', 'app'] },
      { path: 'settings/session', module: '/src/S.tsx', areas: [] },
    ];
    const bundle = Object.fromEntries(
      [
        chunk('assets/index.js', { isEntry: true, imports: ['assets/shared.js'] }),
        chunk('assets/shared.js', { moduleIds: ['/src/S.tsx'] }),
        chunk('assets/A.js', {
          facadeModuleId: '/src/A.tsx',
          imports: ['assets/shared.js', 'assets/lib.js'],
          viteMetadata: {
            importedCss: new Set(['assets/A.css']),
            importedAssets: new Set<string>(),
          } as unknown as OutputChunk['viteMetadata'],
        }),
        chunk('assets/lib.js'),
        texts('assets/de-alerts.json', 'locales/de/alerts.json'),
        texts('assets/ru-alerts.json', 'locales/ru/alerts.json'),
        texts('assets/ru-charts.json', 'locales/ru/charts.json'),
      ].map((c) => [c.fileName, c]),
    ) as unknown as OutputBundle;
    const map = routePreloadMap(routes, bundle);
    expect(map.r.map((r) => r[0])).toEqual(['/alerts/archive', '/settings/session']);
    expect(preloadsAt(map, '/alerts/archive', 'ru')).toEqual([
      'modulepreload /assets/A.js',
      'modulepreload /assets/lib.js',
      'preload:style /assets/A.css',
      'preload:fetch /assets/ru-alerts.json',
    ]);
    expect(preloadsAt(map, '/alerts/archive', 'de')).toContain(
      'preload:fetch /assets/de-alerts.json',
    );
    // A page in a chunk the entry loads anyway has nothing to preload.
    expect(preloadsAt(map, '/settings/session', 'de')).toEqual([]);
    expect(() =>
      routePreloadMap([{ path: 'x', module: '/src/None.tsx', areas: [] }], bundle),
    ).toThrow(/no chunk of \/src\/None\.tsx/);
  });

  it('RP4: the route that matches best: literal segments over parameters, no partial matches', () => {
    const map: RoutePreloadMap = {
      f: ['assets/archive.js', 'assets/chart.js', 'assets/login.js'],
      r: [
        ['/charts/:id', [1], []],
        ['/charts/archive', [0], []],
        ['/login', [2], []],
      ],
      a: [],
      t: {},
    };
    expect(preloadsAt(map, '/charts/archive', 'de')).toEqual(['modulepreload /assets/archive.js']);
    expect(preloadsAt(map, '/charts/7', 'de')).toEqual(['modulepreload /assets/chart.js']);
    expect(preloadsAt(map, '/Login/', 'de')).toEqual(['modulepreload /assets/login.js']);
    expect(preloadsAt(map, '/charts', 'de')).toEqual([]);
    expect(preloadsAt(map, '/charts/7/more', 'de')).toEqual([]);
    expect(preloadsAt(map, '/', 'de')).toEqual([]);
  });
});
