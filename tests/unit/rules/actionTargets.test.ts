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
    const urlOf: Record<string, string> = {
      'scada.example.org/panel': 'http://scada.example.org/panel',
      '10.1.2.3:8080/hmi?x=1': 'http://10.1.2.3:8080/hmi?x=1',
      'localhost:3000': 'http://localhost:3000/',
      '  https://example.org/a ': 'https://example.org/a',
      '//example.org/a': 'http://example.org/a',
    };
    for (const [path, url] of Object.entries(urlOf))
      expect(resolveStartApplicationPath(path), path).toEqual({ ok: true, url });
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
