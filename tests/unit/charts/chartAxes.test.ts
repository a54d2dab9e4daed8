import { describe, expect, it } from 'vitest';
import {
  axesForSeries,
  axesMergeable,
  axisInputOf,
  buildAxes,
  extentOf,
  niceStep,
  seriesAxis,
  type AxisSeriesInput,
} from '../../../src/domain/chartAxes.ts';

function input(over: Partial<AxisSeriesInput> & { data?: number[] }): AxisSeriesInput {
  const { data, ...rest } = over;
  return {
    seriesId: 's',
    fixedMin: null,
    fixedMax: null,
    log: false,
    logBase: 10,
    reverse: false,
    stackedDigital: false,
    extent: data ? extentOf(data) : null,
    ...rest,
  };
}

const domain = (s: AxisSeriesInput): [number, number] => {
  const a = seriesAxis(s);
  return [a.min, a.max];
};

describe('SPEC §5 chart axes', () => {
  it('AX1: both fixed limits are used as given, ordered so min <= max', () => {
    expect(domain(input({ fixedMin: 10, fixedMax: 0, data: [-50, 50] }))).toEqual([0, 10]);
    expect(domain(input({ fixedMin: -3, fixedMax: 7 }))).toEqual([-3, 7]);
  });

  it('AX2: the data range is padded by 10 % of the span and rounded to nice values', () => {
    expect(domain(input({ data: [0, 100] }))).toEqual([-10, 110]);
    expect(domain(input({ data: [3.2, 7.9] }))).toEqual([2.5, 8.5]);
    expect(domain(input({ data: [0.1, 0.2] }))).toEqual([0.09, 0.21]);
    expect(domain(input({ data: [1000, 1100] }))).toEqual([990, 1110]);
  });

  it('AX2: one fixed limit replaces its side; only the data side is padded', () => {
    expect(domain(input({ fixedMin: 0, data: [3, 8] }))).toEqual([0, 9]);
    expect(domain(input({ fixedMax: 10, data: [2, 8] }))).toEqual([1, 10]);
  });

  it('AX2: flat data is padded by 1', () => {
    expect(domain(input({ data: [5, 5, 5] }))).toEqual([4, 6]);
    expect(domain(input({ data: [0] }))).toEqual([-1, 1]);
  });

  it('AX3: no data and no limits give 0..1; NaN values are not data', () => {
    expect(domain(input({}))).toEqual([0, 1]);
    expect(domain(input({ data: [NaN, NaN] }))).toEqual([0, 1]);
    expect(extentOf([NaN, 2, -1, Infinity])).toEqual({ min: -1, max: 2, minPositive: 2 });
  });

  it('AX4: stacked digital series pad by 0.1, or 0.5 when flat, without rounding', () => {
    expect(domain(input({ stackedDigital: true, data: [0, 1, 0] }))).toEqual([-0.1, 1.1]);
    expect(domain(input({ stackedDigital: true, data: [0, 0] }))).toEqual([-0.5, 0.5]);
    expect(domain(input({ stackedDigital: true, data: [1] }))).toEqual([0.5, 1.5]);
    expect(domain(input({ stackedDigital: true }))).toEqual([-0.1, 1.1]);
    // Not stacked, a digital series is an ordinary one: flat pads by 1.
    expect(domain(input({ data: [1, 1] }))).toEqual([0, 2]);
  });

  it('AX5: log axes widen to powers of the base and ignore non-positive data', () => {
    expect(domain(input({ log: true, data: [3, 700] }))).toEqual([1, 1000]);
    expect(domain(input({ log: true, data: [-5, 0, 0.02, 50] }))).toEqual([0.01, 100]);
    expect(domain(input({ log: true, data: [-5, 0] }))).toEqual([1, 10]);
    expect(domain(input({ log: true }))).toEqual([1, 10]);
    expect(domain(input({ log: true, logBase: 2, data: [3, 20] }))).toEqual([2, 32]);
    expect(domain(input({ log: true, data: [10, 100] }))).toEqual([10, 100]);
    expect(domain(input({ log: true, data: [10, 10] }))).toEqual([10, 100]);
    expect(domain(input({ log: true, fixedMin: -1, data: [5, 50] }))).toEqual([1, 100]);
    expect(domain(input({ log: true, fixedMin: 100, fixedMax: 2 }))).toEqual([2, 100]);
  });

  it('AX6: reverse keeps min <= max and is carried on the axis', () => {
    const a = seriesAxis(input({ reverse: true, data: [0, 100] }));
    expect(a.reverse).toBe(true);
    expect(a.min).toBeLessThan(a.max);
  });

  it('AX7: axes merge when domains differ by at most 0.01 on both sides', () => {
    const base = input({ seriesId: 'a', fixedMin: 0, fixedMax: 100 });
    const close = input({ seriesId: 'b', fixedMin: 0.01, fixedMax: 99.99 });
    const axes = buildAxes([base, close]);
    expect(axes).toHaveLength(1);
    expect(axes[0]).toMatchObject({ seriesIds: ['a', 'b'], min: 0, max: 100 });
    expect(
      buildAxes([base, input({ seriesId: 'c', fixedMin: 0.011, fixedMax: 100 })]),
    ).toHaveLength(2);
    expect(
      buildAxes([base, input({ seriesId: 'c', fixedMin: 0, fixedMax: 100.011 })]),
    ).toHaveLength(2);
    expect(
      buildAxes([base, input({ seriesId: 'c', fixedMin: -0.011, fixedMax: 100 })]),
    ).toHaveLength(2);
  });

  it('AX7: scale, reverse, base and stacking must match to merge', () => {
    const a = seriesAxis(input({ fixedMin: 1, fixedMax: 100 }));
    expect(axesMergeable(a, seriesAxis(input({ fixedMin: 1, fixedMax: 100 })))).toBe(true);
    expect(axesMergeable(a, seriesAxis(input({ fixedMin: 1, fixedMax: 100, log: true })))).toBe(
      false,
    );
    expect(axesMergeable(a, seriesAxis(input({ fixedMin: 1, fixedMax: 100, reverse: true })))).toBe(
      false,
    );
    const log10 = seriesAxis(input({ fixedMin: 1, fixedMax: 100, log: true }));
    const log2 = seriesAxis(input({ fixedMin: 1, fixedMax: 100, log: true, logBase: 2 }));
    expect(axesMergeable(log10, log2)).toBe(false);
    const stacked = seriesAxis(input({ stackedDigital: true, fixedMin: 1, fixedMax: 100 }));
    expect(axesMergeable(a, stacked)).toBe(false);
  });

  it('AX7: each series joins the first compatible axis; the merged domain is the union', () => {
    const axes = buildAxes([
      input({ seriesId: 'a', fixedMin: 0, fixedMax: 10 }),
      input({ seriesId: 'b', fixedMin: 0, fixedMax: 1000 }),
      input({ seriesId: 'c', fixedMin: 0.005, fixedMax: 10.01 }),
    ]);
    expect(axes.map((x) => x.seriesIds)).toEqual([['a', 'c'], ['b']]);
    expect(axes[0]).toMatchObject({ min: 0, max: 10.01 });
  });

  it('AX7b: axes are known before data: without merging each series keeps its own axis', () => {
    const none = [input({ seriesId: 'a' }), input({ seriesId: 'b' })];
    expect(buildAxes(none)).toHaveLength(1);
    const own = buildAxes(none, { merge: false });
    expect(own.map((x) => [x.seriesIds, x.min, x.max])).toEqual([
      [['a'], 0, 1],
      [['b'], 0, 1],
    ]);
  });

  it('AX8: series config fields become axis input; only chosen limits count', () => {
    const config = {
      id: 'x',
      axisYMinMaxChoices: ['AxisYMin'],
      axisYMin: 5,
      axisYMax: 50,
      axisYIsLogarithmic: true,
      axisYLogarithmicBase: 1,
      axisYReverse: true,
    };
    expect(axisInputOf(config, null)).toMatchObject({
      seriesId: 'x',
      fixedMin: 5,
      fixedMax: null,
      log: true,
      logBase: 10,
      reverse: true,
      stackedDigital: false,
    });
    expect(axisInputOf({ ...config, axisYMinMaxChoices: ['None'] }, null)).toMatchObject({
      fixedMin: null,
      fixedMax: null,
    });
  });

  it('AX9: nice steps are 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceStep(0.07)).toBe(0.1);
    expect(niceStep(12)).toBe(20);
    expect(niceStep(2.2)).toBe(2.5);
    expect(niceStep(4)).toBe(5);
    expect(niceStep(0)).toBe(1);
  });

  it('AX10: axes from series configs: sortIndex order, digital series stacked on request', () => {
    const base = {
      axisYMinMaxChoices: ['None'],
      axisYMin: null,
      axisYMax: null,
      axisYIsLogarithmic: false,
      axisYLogarithmicBase: 10,
      axisYReverse: false,
    };
    const series = [
      { ...base, id: 'door', sortIndex: 2, pv: { type: 'DigiIn' } },
      { ...base, id: 'level', sortIndex: 0, pv: { type: 'AnaIn' } },
      { ...base, id: 'pump', sortIndex: 1, pv: { type: 'DigiOut' } },
    ];
    const extents = new Map([
      ['level', extentOf([0, 100])],
      ['door', extentOf([0, 1])],
      ['pump', extentOf([0, 1])],
    ]);
    const stacked = axesForSeries(series, extents, { stackDigital: true });
    expect(stacked.map((a) => [a.seriesIds, a.stackedDigital, a.min, a.max])).toEqual([
      [['level'], false, -10, 110],
      [['pump', 'door'], true, -0.1, 1.1],
    ]);
    const plain = axesForSeries(series, extents);
    expect(plain.map((a) => a.seriesIds)).toEqual([['level'], ['pump', 'door']]);
    expect(plain[1]?.stackedDigital).toBe(false);
  });
});
