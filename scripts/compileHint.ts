import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint (Chromium 136+; other engines read a comment): the functions of
 * the app's entry file are compiled while it streams in, on a background thread, instead of
 * one by one on the main thread when first called. Startup runs most of it (the shell, React,
 * the live client). A second archive tab, 18 probes a build: its main thread's work to the
 * first rows 243 -> 198 ms, of it script 144 -> 107 ms. Lazy chunks keep lazy compiling: they
 * hold whole pages and libraries, little of which a first view calls (hinted too, no gain).
 * The engine worker's entry is not hinted: compiling all of the engine before it starts made
 * a cold tab's first rows 60-100 ms later on two cores.
 *
 * V8 reads the hint at the top of the file, before its first statement, so it goes in last,
 * above the preload map Vite puts there; the source map moves down a line, and the file's
 * name changes with the hint (a cached file never lacks it or has it stale).
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
export function compileHintForEntries(): Plugin {
  return {
    name: 'pegel-compile-hint-for-entries',
    apply: 'build',
    augmentChunkHash: (chunk) => (chunk.isEntry ? COMPILE_HINT : undefined),
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const out of Object.values(bundle)) {
          if (out.type !== 'chunk' || !out.isEntry || out.code.startsWith(COMPILE_HINT)) continue;
          out.code = `${COMPILE_HINT}\n${out.code}`;
          if (!out.map) continue;
          out.map.mappings = `;${out.map.mappings}`;
          const file = bundle[`${out.fileName}.map`];
          if (file?.type === 'asset') file.source = out.map.toString();
        }
      },
    },
  };
}
