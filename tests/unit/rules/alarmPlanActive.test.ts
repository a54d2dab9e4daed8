import { describe, expect, it } from 'vitest';
import {
  canChangePlanActive,
  confirmationActiveFlags,
  isPlanActiveDefault,
  planActiveTarget,
  withPlanActive,
} from '../../../src/domain/validation/alarmPlanActive.ts';

describe('SPEC §4 alarm plan active flag', () => {
  it('PA1: set to the configured default, inverted when the default is 2', () => {
    expect(planActiveTarget(false, 1)).toBe(true);
    expect(planActiveTarget(true, 1)).toBe(true);
    expect(planActiveTarget(true, 0)).toBe(false);
    expect(planActiveTarget(false, 0)).toBe(false);
    expect(planActiveTarget(true, 2)).toBe(false);
    expect(planActiveTarget(false, 2)).toBe(true);
  });

  it('PA2: without a default the current state is used', () => {
    expect(planActiveTarget(true, null)).toBe(true);
    expect(planActiveTarget(false, undefined)).toBe(false);
  });

  it('PA3: with confirmation and defaults a default of 1 means active; without defaults the current state', () => {
    const plans = [{ isActive: false }, { isActive: true }, { isActive: true }];
    expect(confirmationActiveFlags(plans, [1, 0, 2])).toEqual([true, false, false]);
    expect(confirmationActiveFlags(plans, [1, null, undefined])).toEqual([true, true, true]);
    expect(confirmationActiveFlags(plans, null)).toEqual([false, true, true]);
    expect(isPlanActiveDefault(2)).toBe(true);
    expect(isPlanActiveDefault(3)).toBe(false);
  });

  it('PA4: the flag changes only when the user may edit the plan', () => {
    const editable = { plan: 1, isActive: false, currentUserCanEdit: true };
    const locked = { plan: 2, isActive: false, currentUserCanEdit: false };
    expect(canChangePlanActive(editable)).toBe(true);
    expect(canChangePlanActive(locked)).toBe(false);
    expect(withPlanActive(editable, true)).toEqual({ ...editable, isActive: true });
    expect(withPlanActive(locked, true)).toBe(locked);
    expect(withPlanActive(editable, false)).toBe(editable);
  });
});
