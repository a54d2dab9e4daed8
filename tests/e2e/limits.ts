/** Limits moved and put back through the API, to bring a PV into alarm in a browser test. */
import { expect } from '@playwright/test';
import type { SignedIn } from '../support/login.ts';
import {
  ACTION_EXTRA_API,
  PV_ACTION_API,
  type PvActionResult,
} from '../../src/contract/actions.ts';
import { API } from '../../src/contract/paths.ts';
import type { LimitType } from '../../src/contract/enums.ts';
import type { PvConfig, PvLimitConfig, PvRef } from '../../src/contract/pv.ts';

export async function json<T>(api: SignedIn, path: string, body?: unknown): Promise<T> {
  const res = await api.fetch(
    path,
    body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) },
  );
  expect(res.status, `${path} answered ${res.status}`).toBe(200);
  return (await res.json()) as T;
}

/**
 * Moves every limit of the PV to its domain minimum: the value crosses the upper ones (ogw
 * and mogw, one alert each). Each limit gets priority 1, or the one `priorities` gives its type.
 */
export async function crossLimits(
  api: SignedIn,
  pv: PvRef,
  priorities: Partial<Record<LimitType, number>> = {},
): Promise<PvLimitConfig[]> {
  const [config] = await json<PvConfig[]>(api, API.pv.configs, [pv]);
  const old = await json<PvLimitConfig[]>(api, ACTION_EXTRA_API.limitConfigs, [pv]);
  const floor = config!.domainConfig?.min ?? 0;
  const next = old.map((l) => ({
    ...l,
    limit: floor,
    priority: priorities[l.pvLimitRef.limitType] ?? 1,
    delayTime: 0,
    notSet: false,
  }));
  const result = await json<PvActionResult>(api, PV_ACTION_API.setAnaInLimits, {
    oldValues: old,
    newValues: next,
  });
  expect(result.status).toBe('Success');
  return old;
}

export async function restoreLimits(
  api: SignedIn,
  pv: PvRef,
  original: PvLimitConfig[],
): Promise<void> {
  const current = await json<PvLimitConfig[]>(api, ACTION_EXTRA_API.limitConfigs, [pv]);
  const byType = new Map(original.map((l) => [l.pvLimitRef.limitType, l]));
  const result = await json<PvActionResult>(api, PV_ACTION_API.setAnaInLimits, {
    oldValues: current,
    newValues: current.map((l) => {
      const o = byType.get(l.pvLimitRef.limitType)!;
      return {
        ...l,
        limit: o.limit,
        priority: o.priority,
        delayTime: o.delayTime,
        notSet: o.notSet,
      };
    }),
  });
  expect(result.status).toBe('Success');
}
