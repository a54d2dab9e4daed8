import { describe, expect, it } from 'vitest';
import {
  ALERT_API,
  alertBindingKey,
  argbToCss,
  argbToRgba,
  rgbaToArgb,
} from '../../../src/contract/alerts.ts';
import { PV_ACTION_API, TEXT_MESSAGE_API } from '../../../src/contract/actions.ts';

describe('SPEC §3 Priority colour (argb)', () => {
  it('CT1: argb converts to r, g, b and a CSS alpha, also from a signed 32-bit int', () => {
    expect(argbToRgba(0xff_ff_00_00)).toEqual({ r: 255, g: 0, b: 0, a: 1 });
    expect(argbToRgba(-65536)).toEqual({ r: 255, g: 0, b: 0, a: 1 });
    expect(argbToRgba(0x80_00_80_ff)).toEqual({ r: 0, g: 128, b: 255, a: 0.502 });
    expect(argbToRgba(0x00_12_34_56)).toEqual({ r: 0x12, g: 0x34, b: 0x56, a: 0 });
    expect(argbToCss(0xff_ff_a5_00)).toBe('rgba(255, 165, 0, 1)');
  });

  it('CT2: rgba converts back to the same argb', () => {
    for (const argb of [0xff_ff_00_00, 0x80_00_80_ff, 0x00_00_00_00, 0xff_ff_ff_ff]) {
      expect(rgbaToArgb(argbToRgba(argb))).toBe(argb >>> 0);
    }
  });
});

describe('SPEC §3 pending-alert state bindings', () => {
  it('CT3: each binding type has a distinct key with its fields', () => {
    expect(alertBindingKey({ type: 'Device', stationNumber: 1, deviceType: 'Modem' })).toBe(
      'Device:1:Modem',
    );
    expect(alertBindingKey({ type: 'StationConnection', stationNumber: 4 })).toBe(
      'StationConnection:4',
    );
    expect(
      alertBindingKey({
        type: 'StationLineConnection',
        stationNumber: 4,
        lineType: 'GSM',
        offset: 2,
      }),
    ).toBe('StationLineConnection:4:GSM:2');
    expect(alertBindingKey({ type: 'PipeLeakage', id: 7 })).toBe('PipeLeakage:7');
    expect(alertBindingKey({ type: 'AlertLink', id: 7 })).toBe('AlertLink:7');
  });
});

describe('SPEC §7 REST paths', () => {
  it('CT4: alerts, process values and text messages', () => {
    expect(ALERT_API).toEqual({
      list: '/api/alerts',
      byPvs: '/api/alerts/bypvs',
      ack: '/api/alerts/ack',
      ackAll: '/api/alerts/ack-all',
      delete: '/api/alerts',
      controlEvents: '/api/controlevent/events',
    });
    expect(Object.values(PV_ACTION_API)).toEqual([
      '/api/Pv',
      '/api/Pv/counters/reset',
      '/api/Pv/DigiIn/ack',
      '/api/Pv/runtimes',
      '/api/Pv/set-runtimes',
      '/api/Pv/AnaIn/set-limits',
      '/api/Pv/DigiIn/set-priorities',
      '/api/pv/PriorityOutputs/Ack',
    ]);
    expect(TEXT_MESSAGE_API).toEqual({
      get: '/api/visualization/getTextMessages',
      set: '/api/visualization/setTextMessages',
    });
  });
});
