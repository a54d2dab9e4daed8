import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { markLook } from '../../../src/features/process-images/alarmMarks.ts';
import { argbToRgba } from '../../../src/contract/alerts.ts';
import { contrastRatio, readableTextOn, WHITE, BLACK } from '../../../src/domain/contrast.ts';
import { PRIORITIES } from '../../../server/alerts/priorities.ts';

/** The `@keyframes` blocks of a stylesheet whose name mentions alarm, with their bodies. */
function alarmKeyframes(css: string): string[] {
  const found: string[] = [];
  const re = /@keyframes\s+([\w-]*alarm[\w-]*)\s*\{/g;
  for (let m = re.exec(css); m; m = re.exec(css)) {
    let depth = 1;
    let i = re.lastIndex;
    while (depth > 0 && i < css.length) {
      if (css[i] === '{') depth++;
      else if (css[i] === '}') depth--;
      i++;
    }
    found.push(css.slice(m.index, i));
  }
  return found;
}

describe('PMK1: the priority-1 mark is the strongest mark in a process image', () => {
  it('is larger than every less urgent mark, and marks grow with urgency', () => {
    for (let p = 2; p <= 9; p++) expect(markLook(1).size).toBeGreaterThan(markLook(p).size);
    for (let p = 1; p <= 9; p++)
      expect(markLook(p - 1).size).toBeGreaterThanOrEqual(markLook(p).size);
    expect(markLook(0).size).toBeGreaterThanOrEqual(markLook(1).size);
  });

  it('carries a number large enough to read, in an ink that reads on every priority fill', () => {
    for (const p of PRIORITIES) {
      expect(markLook(p.level).fontSize).toBeGreaterThanOrEqual(12);
      const fill = argbToRgba(p.color);
      const ink = readableTextOn(fill) === '#ffffff' ? WHITE : BLACK;
      expect(contrastRatio(fill, ink)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('never pulses by fading: an alarm animation that changes opacity fades only a halo drawn beside the mark', () => {
    const sheets = ['src/ui/ui.css', 'src/features/process-images/processImages.css'].map((f) =>
      readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\//g, ''),
    );
    const frames = sheets.flatMap(alarmKeyframes);
    expect(frames.length).toBeGreaterThanOrEqual(1);
    for (const block of frames) {
      if (!/(^|[\s;{])opacity\s*:/.test(block)) continue;
      // The halo's opacity is animated off the main thread; the mark itself never fades.
      const name = /@keyframes\s+([\w-]+)/.exec(block)![1]!;
      const users = sheets.flatMap((css) =>
        [...css.matchAll(/([^{}]+)\{[^{}]*animation:[^{}]*\}/g)]
          .filter((m) => new RegExp(`(?<![\\w-])${name}(?![\\w-])`).test(m[0].slice(m[1]!.length)))
          .map((m) => m[1]!.trim()),
      );
      expect(users.length).toBeGreaterThan(0);
      for (const selector of users) expect(selector).toMatch(/::(after|before)$/);
    }
    // And no mark is animated by the old fading pulse.
    for (const css of sheets) expect(css).not.toMatch(/alarm-pulse/);
  });
});
