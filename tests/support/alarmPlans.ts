/** Alarm plans as the pv hub sends them (src/contract/remoteAlert.ts), for tests of remote alarming. */
import type { AlarmPlan, PlanRecipient } from '../../src/contract/remoteAlert.ts';

/** The 20 recipient slots of a plan: `recipients` first, the rest empty. */
export function recipientSlots(recipients: PlanRecipient[]): (PlanRecipient | null)[] {
  return Array.from({ length: 20 }, (_, i) => recipients[i] ?? null);
}

/**
 * Plan `nr` of `station` (1 is the day plan, any other the night plan): active, every priority
 * alarming, no recipient, nothing sent today; `part` sets the rest.
 */
export function alarmPlan(station: number, nr: number, part: Partial<AlarmPlan> = {}): AlarmPlan {
  return {
    station: { stationNumber: station },
    stationName: `Station ${station}`,
    planNumber: nr,
    planname: nr === 1 ? 'Tagplan' : 'Nachtplan',
    active: true,
    groupname: 'Wasser',
    activePriorities: Array.from({ length: 10 }, () => true),
    recipients: recipientSlots([]),
    alertingCount: 0,
    alertingCountMax: 50,
    callNumberChangeCount: 0,
    callNumberChangeCountMax: 20,
    undeliveredMessages: 0,
    deliveredMessages: 0,
    defaultAction: null,
    currentUserCanEdit: true,
    ...part,
  };
}
