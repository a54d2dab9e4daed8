/** Which link is down (src/app/ConnectionStatus.tsx `connectionDiagnosis`): rules CD1 and CD4. */
import { describe, expect, it } from 'vitest';
import { connectionDiagnosis } from '../../../src/app/ConnectionStatus.tsx';

describe('connectionDiagnosis', () => {
  it('CD1: a link that is down is named from the server status; connected names none', () => {
    expect(connectionDiagnosis('connecting', 'WebServerDisconnected')).toBe('webServer');
    expect(connectionDiagnosis('offline', 'WebServerDisconnected')).toBe('webServer');
    expect(connectionDiagnosis('notConnected', 'ControlUnitDisconnected')).toBe('controlUnit');
    expect(connectionDiagnosis('offline', 'ServerDisconnected')).toBe('browserOffline');
    expect(connectionDiagnosis('connected', 'Connected')).toBeNull();
    expect(connectionDiagnosis('engineLost', 'Connected')).toBe('engineLost');
  });

  it('CD4: while the first attempt to connect runs, the initial WebServerDisconnected names no fault', () => {
    expect(connectionDiagnosis('connecting', 'WebServerDisconnected', true)).toBeNull();
    expect(connectionDiagnosis('notConnected', 'WebServerDisconnected', true)).toBeNull();
    // Once it failed (firstStart false), or the browser itself is offline, it is a finding.
    expect(connectionDiagnosis('connecting', 'WebServerDisconnected', false)).toBe('webServer');
    expect(connectionDiagnosis('offline', 'WebServerDisconnected', true)).toBe('webServer');
    expect(connectionDiagnosis('offline', 'ServerDisconnected', true)).toBe('browserOffline');
  });
});
