import { describe, expect, it } from 'vitest';
import { stationConnection, staleGlyph, valueStanding } from '../../../src/domain/valueStanding.ts';
import { digitalStateText, hasStateTexts } from '../../../src/domain/pvFormat.ts';
import { pvConfigOf as pvConfig } from '../../support/pvConfigs.ts';

const HOUR = 3_600_000;

describe('valueStanding (issue 41 item 2: one staleness rule for every view)', () => {
  it('VS1: a good value of a connected station is fresh, with its age', () => {
    expect(valueStanding({ quality: 'Good', timestamp: 1000 }, 'connected', 61_000)).toEqual({
      stale: false,
      reason: null,
      mark: null,
      ageMs: 60_000,
    });
  });
  it('VS2: a value of a station that is not connected is stale even with good quality', () => {
    const s = valueStanding({ quality: 'Good', timestamp: 0 }, 'notConnected', 2 * HOUR);
    expect(s).toEqual({
      stale: true,
      reason: 'stationOffline',
      mark: 'uncertain',
      ageMs: 2 * HOUR,
    });
    // Figures without a quality (energy values) follow the station alone.
    expect(valueStanding({ timestamp: 0 }, 'notConnected', 10).reason).toBe('stationOffline');
    expect(valueStanding({ timestamp: 0 }, 'connected', 10).stale).toBe(false);
  });
  it('VS3: quality that is not good is stale on a connected station; Bad wins over offline', () => {
    expect(valueStanding({ quality: 'Uncertain', timestamp: 0 }, 'connected').reason).toBe(
      'uncertain',
    );
    expect(valueStanding({ quality: 'Uncertain', timestamp: 0 }, 'unknown').reason).toBe(
      'uncertain',
    );
    const bad = valueStanding({ quality: 'Bad', timestamp: 0 }, 'notConnected');
    expect(bad).toMatchObject({ stale: true, reason: 'bad', mark: 'bad' });
    expect(valueStanding({ quality: 'Unspecified', timestamp: 0 }, 'connected').stale).toBe(false);
  });
  it('LD1: while the link is down every value is stale with why, whatever its station says; Bad still wins', () => {
    expect(stationConnection('Connected', 'linkDown')).toBe('linkDown');
    expect(stationConnection(undefined, 'restarting')).toBe('restarting');
    expect(stationConnection('Connected', null)).toBe('connected');
    expect(valueStanding({ quality: 'Good', timestamp: 0 }, 'linkDown', 30_000)).toEqual({
      stale: true,
      reason: 'linkDown',
      mark: 'uncertain',
      ageMs: 30_000,
    });
    expect(valueStanding({ timestamp: 0 }, 'restarting').reason).toBe('restarting');
    expect(valueStanding({ quality: 'Bad', timestamp: 0 }, 'linkDown').reason).toBe('bad');
  });
  it('VS4: no value is not stale; no time stamp or no clock gives no age; skew counts as 0', () => {
    expect(valueStanding(undefined, 'notConnected').stale).toBe(false);
    expect(valueStanding({ quality: 'Bad' }, 'connected', 5).ageMs).toBeNull();
    expect(valueStanding({ quality: 'Bad', timestamp: 5 }, 'connected').ageMs).toBeNull();
    expect(valueStanding({ quality: 'Good', timestamp: 5000 }, 'connected', 1000).ageMs).toBe(0);
  });
  it('VS5: a station is connected only while its dial state is Connected', () => {
    expect(stationConnection('Connected')).toBe('connected');
    for (const s of ['NotConnected', 'Connecting', 'TimeOut', 'NotDefined'] as const)
      expect(stationConnection(s)).toBe('notConnected');
    expect(stationConnection(undefined)).toBe('unknown');
    expect(staleGlyph('bad')).toBe('!');
    expect(staleGlyph('uncertain')).toBe('?');
  });
});

describe('digitalStateText (issue 41 item 3: states as words)', () => {
  const digital = pvConfig(
    { type: 'DigiIn', nr: 100001 },
    { digiDisplayConfig: { stateActiveText: 'Störung', stateInactiveText: 'OK' } },
  );
  it('VS6: a digital 0/1 reads as the state texts; analog PVs and gaps keep no text', () => {
    expect(digitalStateText(1, digital)).toBe('Störung');
    expect(digitalStateText(0, digital)).toBe('OK');
    // A mean over a period: the share of time in the active state.
    expect(digitalStateText(0.25, digital, 'de')).toBe('25 % Störung');
    expect(digitalStateText(Number.NaN, digital)).toBeNull();
    expect(digitalStateText(null, digital)).toBeNull();
    expect(digitalStateText(1, pvConfig({ type: 'AnaIn', nr: 100001 }))).toBeNull();
    expect(hasStateTexts(digital)).toBe(true);
    expect(hasStateTexts(undefined)).toBe(false);
  });
});
