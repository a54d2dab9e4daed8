#!/usr/bin/env node
// The gate's first step: Chromium for the browser tests, and Mosquitto and python3-pymodbus for
// the field plant's tests, are there, installed now, or the gate stops at once with the command
// that installs them (scripts/browserPlan.mjs).
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { APT_INSTALL, browserPlan, fieldToolsPlan } from './browserPlan.mjs';

const onPath = (name) =>
  (process.env.PATH ?? '').split(':').some((dir) => {
    try {
      accessSync(`${dir}/${name}`, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });

const plan = browserPlan({
  configured: process.env.PEGEL_CHROMIUM,
  exists: existsSync,
  isRoot: process.getuid?.() === 0,
  hasAptGet: onPath('apt-get'),
});

if (plan.action === 'stop') {
  console.error(plan.message);
  process.exit(1);
}
if (plan.action === 'install') {
  console.log("Chromium is missing: installing Debian's chromium …");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync(APT_INSTALL[0], APT_INSTALL.slice(1), { stdio: 'inherit', env });
  if (!existsSync(plan.path)) {
    console.error(`apt-get installed chromium, but ${plan.path} is still missing.`);
    process.exit(1);
  }
}

const tools = fieldToolsPlan({
  exists: existsSync,
  isRoot: process.getuid?.() === 0,
  hasAptGet: onPath('apt-get'),
  env: process.env,
});
if (tools.action === 'stop') {
  console.error(tools.message);
  process.exit(1);
}
if (tools.action === 'install') {
  console.log(`Installing Debian's ${tools.packages.join(' and ')} for the field plant's tests …`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (plan.action !== 'install')
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...tools.packages], { stdio: 'inherit', env });
}
