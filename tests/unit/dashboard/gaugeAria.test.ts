/**
 * GA-A: a gauge's track as assistive technology sees it (gaugeModel.ts `trackAria`): a meter
 * with a name and a value in its range while there is a value, an image named with what the
 * text shows before (axe aria-required-attr and aria-meter-name found it nameless and
 * without a value on a dashboard still loading).
 */
import { describe, expect, it } from 'vitest';
import { trackAria, type GaugeModel } from '../../../src/features/dashboard/gauges/gaugeModel.ts';

const model = (over: Partial<GaugeModel>): GaugeModel => ({
  text: '–',
  unit: '',
  fraction: null,
  min: null,
  max: null,
  limits: { lower: null, lowerMid: null, upperMid: null, upper: null },
  limitState: 'normal',
  alarm: null,
  quality: null,
  standing: { stale: false, reason: null, mark: null, ageMs: null },
  state: 'noValue' as GaugeModel['state'],
  stateText: '',
  name: '',
  ...over,
});

describe('gauge track ARIA', () => {
  it('GA-A1: without a value (or before the config) the track is a named image, never a meter', () => {
    expect(trackAria(model({}))).toEqual({ role: 'img', 'aria-label': '–: –' });
    expect(trackAria(model({ name: 'Druck', unit: 'bar' }))).toEqual({
      role: 'img',
      'aria-label': 'Druck: – bar',
    });
  });

  it('GA-A2: with a value it is a meter whose value lies in its own range', () => {
    const a = trackAria(
      model({ name: 'Füllstand', text: '3,20', unit: 'm', fraction: 0.4, min: 0, max: 8 }),
    );
    expect(a).toEqual({
      role: 'meter',
      'aria-label': 'Füllstand',
      'aria-valuemin': 0,
      'aria-valuemax': 8,
      'aria-valuenow': 3.2,
      'aria-valuetext': '3,20 m',
    });
    // Without a domain the fraction is the value on 0..1; a nameless PV is named by its unit.
    expect(trackAria(model({ text: '7', unit: '%', fraction: 0.7 }))).toMatchObject({
      'aria-label': '%',
      'aria-valuemin': 0,
      'aria-valuemax': 1,
      'aria-valuenow': 0.7,
    });
  });
});
