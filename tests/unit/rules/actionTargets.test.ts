import { describe, expect, it } from 'vitest';
import {
  checkActionSupported,
  resolveStartApplicationPath,
} from '../../../src/domain/validation/actionTargets.ts';

const FAULTY = {
  ok: false,
  title: { key: 'validation.actionTargets.faultyPathTitle' },
  message: { key: 'validation.actionTargets.onlyWebUrls' },
};

describe('SPEC §2 start-application paths and action targets', () => {
  it('AT1: a path without scheme gets http:// prepended', () => {
    expect(resolveStartApplicationPath('scada.example.org/panel')).toEqual({
      ok: true,
      url: 'http://scada.example.org/panel',
    });
    expect(resolveStartApplicationPath('10.1.2.3:8080/hmi?x=1')).toEqual({
      ok: true,
      url: 'http://10.1.2.3:8080/hmi?x=1',
    });
    expect(resolveStartApplicationPath('localhost:3000')).toEqual({
      ok: true,
      url: 'http://localhost:3000/',
    });
    expect(resolveStartApplicationPath('  https://example.org/a ')).toEqual({
      ok: true,
      url: 'https://example.org/a',
    });
    expect(resolveStartApplicationPath('//example.org/a')).toEqual({
      ok: true,
      url: 'http://example.org/a',
    });
  });

  it("AT1: file: URLs, other schemes and unparsable paths give 'Fehlerhafter Pfad'", () => {
    for (const bad of [
      'file:///C:/Programme/tool.exe',
      'FILE://server/share/x',
      'C:\\Programme\\tool.exe',
      '\\\\server\\share\\tool.exe',
      'javascript:alert(1)',
      'mailto:a@b.c',
      'http://',
      'http://exa mple.org',
      '',
      null,
    ]) {
      expect(resolveStartApplicationPath(bad), String(bad)).toEqual(FAULTY);
    }
  });

  it("AT2: an unsupported action type gives 'Die Aktion {0} wird im Webclient nicht unterstützt'", () => {
    const supported = new Set(['OpenAlertArchive', 'OpenDashboard']);
    expect(checkActionSupported('OpenDashboard', supported)).toBeNull();
    expect(checkActionSupported('RunScript', supported)).toEqual({
      key: 'validation.actionTargets.unsupportedAction',
      params: { action: 'RunScript' },
    });
  });
});
