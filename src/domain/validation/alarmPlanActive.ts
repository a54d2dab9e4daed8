/**
 * The active flag of a remote alarm plan (SPEC §4 "Alarm plan active flag", §3 "Plan action").
 */

/** SPEC §3: a plan action's default is 0 (inactive), 1 (active) or 2 (invert). */
export const PLAN_DEFAULT_INACTIVE = 0;
export const PLAN_DEFAULT_ACTIVE = 1;
export const PLAN_DEFAULT_INVERT = 2;
export type PlanActiveDefault = 0 | 1 | 2;

export function isPlanActiveDefault(v: unknown): v is PlanActiveDefault {
  return v === 0 || v === 1 || v === 2;
}

/**
 * PA1: the new active flag: the configured default, or the inverse of the current state
 * when the default is 2. PA2: without a default the current state is kept.
 */
export function planActiveTarget(
  current: boolean,
  defaultValue: PlanActiveDefault | null | undefined,
): boolean {
  if (defaultValue === null || defaultValue === undefined) return current;
  if (defaultValue === PLAN_DEFAULT_INVERT) return !current;
  return defaultValue === PLAN_DEFAULT_ACTIVE;
}

/**
 * PA3: the initial value of each plan in the confirmation dialog. With defaults, a default
 * of 1 means active (2 inverts, 0 inactive); without defaults the current state is used.
 */
export function confirmationActiveFlags(
  plans: readonly { isActive: boolean }[],
  defaults: readonly (PlanActiveDefault | null | undefined)[] | null | undefined,
): boolean[] {
  return plans.map((p, i) => planActiveTarget(p.isActive, defaults ? defaults[i] : null));
}

/** PA4: the active flag may change only if the user may edit the plan. */
export function canChangePlanActive(plan: { currentUserCanEdit: boolean }): boolean {
  return plan.currentUserCanEdit === true;
}

/** PA4: a copy with the new flag, or the same object when the user may not edit it. */
export function withPlanActive<T extends { isActive: boolean; currentUserCanEdit: boolean }>(
  plan: T,
  isActive: boolean,
): T {
  if (!canChangePlanActive(plan) || plan.isActive === isActive) return plan;
  return { ...plan, isActive };
}
