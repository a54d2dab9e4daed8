/**
 * The gate's browser step (scripts/browserPlan.mjs, README "Quick start"): `npm test` on a
 * machine without Chromium installs it or stops at once, before any static check runs.
 */
import { describe, expect, it } from 'vitest';
import {
  browserPlan,
  DEFAULT_CHROMIUM,
  FIELD_TOOLS,
  fieldToolsPlan,
} from '../../../scripts/browserPlan.mjs';

const machine = (
  files: string[],
  over: Partial<Parameters<typeof browserPlan>[0]> = {},
): Parameters<typeof browserPlan>[0] => ({
  configured: undefined,
  exists: (path) => files.includes(path),
  isRoot: false,
  hasAptGet: true,
  ...over,
});

describe('EB: Chromium for the browser tests', () => {
  it('EB1: a Chromium that exists is used, the configured one first', () => {
    expect(browserPlan(machine([DEFAULT_CHROMIUM]))).toEqual({
      action: 'ready',
      path: DEFAULT_CHROMIUM,
    });
    expect(
      browserPlan(machine(['/opt/chrome/chrome'], { configured: '/opt/chrome/chrome' })),
    ).toEqual({ action: 'ready', path: '/opt/chrome/chrome' });
    expect(browserPlan(machine([DEFAULT_CHROMIUM], { configured: '' }))).toMatchObject({
      action: 'ready',
    });
  });

  it("EB2: the default missing, root with apt-get installs Debian's chromium", () => {
    expect(browserPlan(machine([], { isRoot: true }))).toEqual({
      action: 'install',
      path: DEFAULT_CHROMIUM,
    });
  });

  it('EB3: otherwise the gate stops with the one command to run', () => {
    const user = browserPlan(machine([]));
    expect(user).toMatchObject({ action: 'stop' });
    expect(user.action === 'stop' && user.message).toContain('sudo apt-get install -y chromium');
    const noApt = browserPlan(machine([], { isRoot: true, hasAptGet: false }));
    expect(noApt.action === 'stop' && noApt.message).toContain('set PEGEL_CHROMIUM');
    // A configured path that does not exist is not papered over by an install elsewhere.
    const wrong = browserPlan(
      machine([DEFAULT_CHROMIUM], { configured: '/no/chromium', isRoot: true }),
    );
    expect(wrong.action).toBe('stop');
    expect(wrong.action === 'stop' && wrong.message).toContain('/no/chromium');
  });
});

describe("EB: the field plant's test tools", () => {
  const tools = (files: string[], over: Partial<Parameters<typeof fieldToolsPlan>[0]> = {}) =>
    fieldToolsPlan({
      exists: (path) => files.includes(path),
      isRoot: false,
      hasAptGet: true,
      ...over,
    });
  const all = FIELD_TOOLS.map((t) => t.path);

  it('EB4: Mosquitto and pymodbus where Debian puts them (or PEGEL_MOSQUITTO) are ready', () => {
    expect(tools(all)).toEqual({ action: 'ready' });
    expect(
      tools([all[1]!, '/opt/mosquitto'], { env: { PEGEL_MOSQUITTO: '/opt/mosquitto' } }),
    ).toEqual({ action: 'ready' });
  });

  it("EB5: root with apt-get installs Debian's packages for what is missing", () => {
    expect(tools([all[1]!], { isRoot: true })).toEqual({
      action: 'install',
      packages: ['mosquitto'],
    });
    expect(tools([], { isRoot: true })).toEqual({
      action: 'install',
      packages: ['mosquitto', 'python3-pymodbus'],
    });
  });

  it('EB6: otherwise the gate stops with the one command to run', () => {
    const plan = tools([all[0]!]);
    expect(plan.action === 'stop' && plan.message).toContain(
      'sudo apt-get install -y python3-pymodbus',
    );
  });
});
