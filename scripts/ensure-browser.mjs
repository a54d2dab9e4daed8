#!/usr/bin/env node
// The gate's first step: Chromium for the browser tests is there, installed now, or the gate
// stops at once with the command that installs it (scripts/browserPlan.mjs).
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { APT_INSTALL, browserPlan } from './browserPlan.mjs';

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
