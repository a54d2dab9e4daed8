/**
 * What the gate does about its browser before anything else (README "Quick start"): browser
 * tests use the machine's Chromium, `PEGEL_CHROMIUM` or `/usr/bin/chromium`, and never download
 * one. When it is missing, root with apt-get installs Debian's chromium (as CI does); anyone
 * else is stopped at once with the one command that installs it, instead of minutes of static
 * checks and unit tests followed by every browser test failing. Rules EB1-EB3, tests in
 * tests/unit/build/browserPlan.test.ts.
 */

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';
export const APT_INSTALL = ['apt-get', 'install', '-y', '-qq', 'chromium'];

/**
 * EB1: a browser that exists is used. EB2: the default path missing, root with apt-get
 * installs Debian's chromium. EB3: otherwise stop, naming the one command to run (a
 * PEGEL_CHROMIUM that points nowhere is the user's choice: no install would fix it).
 *
 * @param {{ configured: string | undefined, exists: (path: string) => boolean,
 *   isRoot: boolean, hasAptGet: boolean }} machine
 * @returns {{ action: 'ready', path: string }
 *   | { action: 'install', path: string }
 *   | { action: 'stop', message: string }}
 */
export function browserPlan({ configured, exists, isRoot, hasAptGet }) {
  const path = configured && configured.trim() !== '' ? configured : DEFAULT_CHROMIUM;
  if (exists(path)) return { action: 'ready', path };
  if (path !== DEFAULT_CHROMIUM)
    return {
      action: 'stop',
      message:
        `PEGEL_CHROMIUM is ${path}, which does not exist. Point it at a Chromium, or unset it ` +
        `to use ${DEFAULT_CHROMIUM}.`,
    };
  if (isRoot && hasAptGet) return { action: 'install', path };
  const command = hasAptGet
    ? 'sudo apt-get install -y chromium'
    : 'install Chromium and set PEGEL_CHROMIUM to its path';
  return {
    action: 'stop',
    message: `Browser tests need Chromium at ${DEFAULT_CHROMIUM} and it is missing. Run:\n  ${command}`,
  };
}

/**
 * The field plant's test tools (issue 56): a real Mosquitto for the MQTT and Sparkplug B tests
 * and Debian's python3-pymodbus for the Modbus TCP tests, found where Debian puts them.
 * EB4: both there, ready. EB5: something missing, root with apt-get installs Debian's packages.
 * EB6: otherwise stop with the one command that installs what is missing.
 */
export const FIELD_TOOLS = [
  { pkg: 'mosquitto', path: '/usr/sbin/mosquitto', env: 'PEGEL_MOSQUITTO' },
  { pkg: 'python3-pymodbus', path: '/usr/lib/python3/dist-packages/pymodbus' },
];

/**
 * @param {{ exists: (path: string) => boolean, isRoot: boolean, hasAptGet: boolean,
 *   env?: Record<string, string | undefined> }} machine
 * @returns {{ action: 'ready' }
 *   | { action: 'install', packages: string[] }
 *   | { action: 'stop', message: string }}
 */
export function fieldToolsPlan({ exists, isRoot, hasAptGet, env = {} }) {
  const missing = FIELD_TOOLS.filter((tool) => {
    const configured = tool.env ? env[tool.env] : undefined;
    return !exists(configured && configured.trim() !== '' ? configured : tool.path);
  }).map((tool) => tool.pkg);
  if (missing.length === 0) return { action: 'ready' };
  if (isRoot && hasAptGet) return { action: 'install', packages: missing };
  const command = hasAptGet
    ? `sudo apt-get install -y ${missing.join(' ')}`
    : `install ${missing.join(' and ')}`;
  return {
    action: 'stop',
    message: `The field plant's tests need ${missing.join(' and ')}, which is missing. Run:\n  ${command}`,
  };
}
