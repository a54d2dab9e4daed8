import { describe, expect, it } from 'vitest';
import type { Alert } from '../../../src/contract/alerts.ts';
import type { AlertCounts } from '../../../src/live/index.ts';
import {
  compareVersions,
  mayReloadNow,
  parseVersion,
  urgentAlarmOf,
  type PageMoment,
} from '../../../src/app/update/updateRules.ts';

const quiet: PageMoment = { dialogOpen: false, unsentInput: false, urgentAlarm: false };

function alert(priority: number, cleared = false): Alert {
  return {
    id: 1,
    timestamp: 0,
    pvRef: null,
    source: null,
    stationNumber: 1,
    stationName: 'Pumpwerk',
    sourceName: 'Pumpe 1',
    text: 'Störung',
    priority,
    state: 'pending',
    acknowledgedBy: null,
    acknowledgedAt: null,
    cleared,
    clearedAt: cleared ? 1 : null,
  };
}

function counts(top: Alert | null, ready = true): AlertCounts {
  return { pending: top ? 1 : 0, active: top && !top.cleared ? 1 : 0, top, latest: top, ready };
}

describe('the moment of a reload into a new version', () => {
  it('PWA1: a quiet moment allows it, whoever asks', () => {
    expect(mayReloadNow(quiet, 'operator')).toBe(true);
    expect(mayReloadNow(quiet, 'automatic')).toBe(true);
  });

  it('PWA1: never during an open dialog or an unsent input, not even when the operator chose it', () => {
    for (const trigger of ['operator', 'automatic'] as const) {
      expect(mayReloadNow({ ...quiet, dialogOpen: true }, trigger)).toBe(false);
      expect(mayReloadNow({ ...quiet, unsentInput: true }, trigger)).toBe(false);
    }
  });

  it('PWA1: a reload the tab starts itself waits for an unacknowledged alarm of priority 0 or 1, and while the alarms are unknown', () => {
    expect(mayReloadNow({ ...quiet, urgentAlarm: true }, 'automatic')).toBe(false);
    expect(mayReloadNow({ ...quiet, urgentAlarm: null }, 'automatic')).toBe(false);
    // The operator who chose it has the alarms in view.
    expect(mayReloadNow({ ...quiet, urgentAlarm: true }, 'operator')).toBe(true);
  });

  it('PWA1: urgent is an unacknowledged alarm of priority 0 or 1 (0 the highest), active or returned', () => {
    expect(urgentAlarmOf(counts(alert(0)))).toBe(true);
    expect(urgentAlarmOf(counts(alert(1)))).toBe(true);
    expect(urgentAlarmOf(counts(alert(2)))).toBe(false);
    // Returned but not acknowledged: still waits for the room.
    expect(urgentAlarmOf(counts(alert(0, true)))).toBe(true);
    expect(urgentAlarmOf(counts(alert(2, true)))).toBe(false);
    expect(urgentAlarmOf(counts(null))).toBe(false);
    // Not yet known: neither quiet nor urgent.
    expect(urgentAlarmOf(counts(null, false))).toBeNull();
    expect(urgentAlarmOf(null)).toBeNull();
  });
});

describe('the version the tabs run', () => {
  const mine = { build: '2026-11-26T10:00:00.000Z', engine: '/assets/engine.worker-A.js' };

  it('PWA2: a newer build with the same engine is offered; with another engine the tab follows by itself', () => {
    const later = '2026-11-26T12:00:00.000Z';
    expect(compareVersions(mine, { build: later, engine: mine.engine })).toBe('newerPage');
    expect(compareVersions(mine, { build: later, engine: '/assets/engine.worker-B.js' })).toBe(
      'newerEngine',
    );
  });

  it('PWA2: the same build changes nothing; a tab newer than the other keeps running', () => {
    expect(compareVersions(mine, { ...mine })).toBe('same');
    const earlier = { build: '2026-11-25T10:00:00.000Z', engine: '/assets/engine.worker-Z.js' };
    expect(compareVersions(mine, earlier)).toBe('older');
  });

  it('PWA2: a version from storage is checked, not trusted', () => {
    expect(parseVersion(mine)).toEqual(mine);
    expect(parseVersion(null)).toBeNull();
    expect(parseVersion('2026')).toBeNull();
    expect(parseVersion({ build: 7, engine: '/x.js' })).toBeNull();
    expect(parseVersion({ build: '', engine: '/x.js' })).toBeNull();
  });
});
