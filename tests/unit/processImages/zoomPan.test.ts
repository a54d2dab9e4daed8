/** The view Panzoom's transform stands for, as the culling of values out of view reads it. */
import { describe, expect, it } from 'vitest';
import { fitView, panOf, viewOf } from '../../../src/features/process-images/useZoomPan.ts';

describe('zoom and pan view', () => {
  const content = { width: 1200, height: 720 };

  it("PI-Z3: Panzoom's centred transform and the top-left view are the same placement", () => {
    const view = fitView({ width: 360, height: 600 }, content);
    const pan = panOf(content, view);
    const back = viewOf(content, { scale: view.scale, ...pan });
    expect(back.scale).toBeCloseTo(view.scale, 9);
    expect(back.x).toBeCloseTo(view.x, 9);
    expect(back.y).toBeCloseTo(view.y, 9);
    // A point of the drawing shows where `scale(s) translate(t)` around the centre puts it.
    const p = { x: 300, y: 100 };
    const s = 2;
    const t = { x: -50, y: 20 };
    const v = viewOf(content, { scale: s, ...t });
    const shown = { x: v.x + s * p.x, y: v.y + s * p.y };
    const css = {
      x: content.width / 2 + s * (p.x + t.x - content.width / 2),
      y: content.height / 2 + s * (p.y + t.y - content.height / 2),
    };
    expect(shown.x).toBeCloseTo(css.x, 9);
    expect(shown.y).toBeCloseTo(css.y, 9);
  });
});
