import { describe, expect, it } from 'vitest';
import type { LimitType } from '../../../src/contract/enums.ts';
import type { PvLimitConfig, PvRef } from '../../../src/contract/pv.ts';
import {
  buildSetLimitsRequest,
  buildSetPrioritiesRequest,
  canEditLimits,
  checkDelayTime,
  checkLimitOrder,
  checkPriority,
  validateDigiInPriorities,
  validateLimitConfigs,
} from '../../../src/domain/validation/limits.ts';

const pv: PvRef = { type: 'AnaIn', nr: 100_001 };

function limit(limitType: LimitType, value: number, extra: Partial<PvLimitConfig> = {}) {
  return {
    pvLimitRef: { pv, limitType },
    limit: value,
    priority: 3,
    delayTime: 10,
    description: '',
    message: '',
    notSet: false,
    ...extra,
  } satisfies PvLimitConfig;
}

const keys = (ms: { key: string }[]): string[] => ms.map((m) => m.key);

describe('SPEC §5 Limits and priorities: bounds (§9)', () => {
  it('LP1: priority 0 to 9 at the edges; the same rule for digital inputs', () => {
    expect(checkPriority(0)).toBeNull();
    expect(checkPriority(9)).toBeNull();
    for (const bad of [10, -1, 4.5, NaN, '3', null]) {
      expect(checkPriority(bad)).toEqual({
        key: 'validation.limits.priorityRange',
        params: { min: 0, max: 9 },
        field: 'priority',
      });
    }
    const di: PvRef = { type: 'DigiIn', nr: 100_002 };
    expect(validateDigiInPriorities([{ pvRef: di, priority: 9 }])).toEqual([]);
    expect(validateDigiInPriorities([{ pvRef: di, priority: 10 }])).toEqual([
      { key: 'validation.limits.priorityRange', params: { min: 0, max: 9 }, field: 'di100002' },
    ]);
    expect(keys(validateDigiInPriorities([{ pvRef: di, priority: -1 }]))).toEqual([
      'validation.limits.priorityRange',
    ]);
  });

  it('LP2: delay time 0 to 65535 at the edges', () => {
    expect(checkDelayTime(0)).toBeNull();
    expect(checkDelayTime(65535)).toBeNull();
    for (const bad of [65536, -1, 1.5, NaN]) {
      expect(checkDelayTime(bad)).toEqual({
        key: 'validation.limits.delayTimeRange',
        params: { min: 0, max: 65535 },
        field: 'delayTime',
      });
    }
  });
});

describe('SPEC §5 Limits and priorities: order of the four limits', () => {
  it('LP4: a sound order (equal values allowed) gives no message', () => {
    expect(
      checkLimitOrder([
        limit('Bottom', 1),
        limit('BottomMiddle', 2),
        limit('TopMiddle', 8),
        limit('Top', 9),
      ]),
    ).toEqual([]);
    expect(
      checkLimitOrder([
        limit('Bottom', 5),
        limit('BottomMiddle', 5),
        limit('TopMiddle', 5),
        limit('Top', 5),
      ]),
    ).toEqual([]);
  });

  it('LP4a: Bottom must not be above any other limit', () => {
    expect(
      checkLimitOrder([limit('Bottom', 3), limit('BottomMiddle', 2), limit('Top', 9)]),
    ).toEqual([{ key: 'validation.limits.bottomAboveOthers', field: 'Bottom' }]);
    expect(keys(checkLimitOrder([limit('Bottom', 9.5), limit('Top', 9)]))).toEqual([
      'validation.limits.bottomAboveOthers',
      'validation.limits.topBelowOthers',
    ]);
  });

  it('LP4b: BottomMiddle must not be above TopMiddle', () => {
    expect(checkLimitOrder([limit('BottomMiddle', 7), limit('TopMiddle', 6)])).toEqual([
      { key: 'validation.limits.bottomMiddleAboveTopMiddle', field: 'BottomMiddle' },
    ]);
  });

  it('LP4c: Top must not be below any other limit', () => {
    expect(checkLimitOrder([limit('TopMiddle', 8), limit('Top', 7)])).toEqual([
      { key: 'validation.limits.topBelowOthers', field: 'Top' },
    ]);
    expect(keys(checkLimitOrder([limit('BottomMiddle', 8), limit('Top', 7)]))).toEqual([
      'validation.limits.topBelowOthers',
    ]);
  });

  it('LP3: limits flagged notSet are excluded from the checks', () => {
    expect(
      checkLimitOrder([
        limit('Bottom', 100, { notSet: true }),
        limit('BottomMiddle', 2),
        limit('TopMiddle', 8),
        limit('Top', -100, { notSet: true }),
      ]),
    ).toEqual([]);
    expect(
      checkLimitOrder([limit('BottomMiddle', 9), limit('TopMiddle', 1, { notSet: true })]),
    ).toEqual([]);
    expect(validateLimitConfigs([limit('Top', 1, { notSet: true, priority: 99 })])).toEqual([]);
  });

  it('LP5: limits are edited only when all limit configs have loaded', () => {
    const all = [
      limit('Bottom', 1),
      limit('BottomMiddle', 2),
      limit('TopMiddle', 3),
      limit('Top', 4),
    ];
    expect(canEditLimits(all)).toBe(true);
    expect(canEditLimits([all[0], undefined, all[2], all[3]])).toBe(false);
    expect(canEditLimits([all[0], null])).toBe(false);
    expect(canEditLimits([])).toBe(false);
  });

  it('LP6: validateLimitConfigs reports priority, delay and order per limit', () => {
    const messages = validateLimitConfigs([
      limit('Bottom', 1, { priority: 10 }),
      limit('Top', 0, { delayTime: 65536 }),
      limit('TopMiddle', NaN),
    ]);
    expect(messages.map((m) => [m.key, m.field])).toEqual([
      ['validation.limits.priorityRange', 'Bottom.priority'],
      ['validation.limits.delayTimeRange', 'Top.delayTime'],
      ['validation.limits.limitNotANumber', 'TopMiddle.limit'],
      ['validation.limits.bottomAboveOthers', 'Bottom'],
      ['validation.limits.topBelowOthers', 'Top'],
    ]);
  });
});

describe('SPEC §7 set-limits and set-priorities payloads (old and new)', () => {
  it('LP8: only changed limits are sent, old and new at the same position', () => {
    const old = [limit('Bottom', 1), limit('Top', 9)];
    const next = [limit('Bottom', 1), limit('Top', 8)];
    expect(buildSetLimitsRequest(old, next)).toEqual({
      oldValues: [limit('Top', 9)],
      newValues: [limit('Top', 8)],
    });
    expect(buildSetLimitsRequest(old, old)).toEqual({ oldValues: [], newValues: [] });
  });

  it('LP8: only changed digital-input priorities are sent', () => {
    const a: PvRef = { type: 'DigiIn', nr: 1 };
    const b: PvRef = { type: 'DigiIn', nr: 2 };
    expect(
      buildSetPrioritiesRequest(
        [
          { pvRef: a, priority: 1 },
          { pvRef: b, priority: 2 },
        ],
        [
          { pvRef: a, priority: 1 },
          { pvRef: b, priority: 7 },
        ],
      ),
    ).toEqual({ oldValues: [{ pvRef: b, priority: 2 }], newValues: [{ pvRef: b, priority: 7 }] });
  });
});
