import { describe, expect, it } from 'vitest';
import type { OutputBundle, OutputChunk, OutputAsset, RenderedChunk } from 'rolldown';
import { COMPILE_HINT, compileHintForEntries } from '../../../scripts/compileHint.ts';

function chunk(fileName: string, isEntry: boolean, mappings: string): OutputChunk {
  return {
    type: 'chunk',
    fileName,
    isEntry,
    code: 'const a=1;\nexport{a};',
    map: {
      mappings,
      toString() {
        return JSON.stringify({ version: 3, mappings: this.mappings });
      },
    },
  } as unknown as OutputChunk;
}

function mapAsset(fileName: string, mappings: string): OutputAsset {
  return {
    type: 'asset',
    fileName,
    source: JSON.stringify({ version: 3, mappings }),
  } as unknown as OutputAsset;
}

function runPlugin(bundle: OutputBundle): void {
  const hook = compileHintForEntries().generateBundle as {
    handler: (options: unknown, bundle: OutputBundle) => void;
  };
  hook.handler({}, bundle);
}

describe('build: the compile hint on entry files', () => {
  it('CH1: entries begin with the hint and their source maps move down a line; lazy chunks stay as they are', () => {
    const bundle = {
      'assets/index-A.js': chunk('assets/index-A.js', true, 'AAAA;AACA'),
      'assets/index-A.js.map': mapAsset('assets/index-A.js.map', 'AAAA;AACA'),
      'assets/page-B.js': chunk('assets/page-B.js', false, 'AAAA'),
      'assets/page-B.js.map': mapAsset('assets/page-B.js.map', 'AAAA'),
    } as unknown as OutputBundle;
    runPlugin(bundle);
    const entry = bundle['assets/index-A.js'] as OutputChunk;
    expect(entry.code.split('\n')[0]).toBe(COMPILE_HINT);
    expect(entry.code.split('\n').slice(1).join('\n')).toBe('const a=1;\nexport{a};');
    expect(entry.map?.mappings).toBe(';AAAA;AACA');
    const written = JSON.parse(String((bundle['assets/index-A.js.map'] as OutputAsset).source));
    expect(written.mappings).toBe(';AAAA;AACA');
    const lazy = bundle['assets/page-B.js'] as OutputChunk;
    expect(lazy.code).toBe('const a=1;\nexport{a};');
    expect(
      JSON.parse(String((bundle['assets/page-B.js.map'] as OutputAsset).source)).mappings,
    ).toBe('AAAA');
    // Run twice, it adds the hint once.
    runPlugin(bundle);
    expect(entry.code.startsWith(`${COMPILE_HINT}\n${COMPILE_HINT}`)).toBe(false);
    expect(entry.map?.mappings).toBe(';AAAA;AACA');
  });

  it("CH2: the hint is part of an entry's file hash, not of a lazy chunk's", () => {
    const augment = compileHintForEntries().augmentChunkHash as (c: RenderedChunk) => unknown;
    expect(augment({ isEntry: true } as RenderedChunk)).toBe(COMPILE_HINT);
    expect(augment({ isEntry: false } as RenderedChunk)).toBeUndefined();
  });
});
