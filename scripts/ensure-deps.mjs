// Installs the locked dependencies when they are missing or older than the lockfile, so that
// `npm start` is the only command a fresh clone needs.
import { existsSync, statSync } from 'node:fs';
import { execSync } from 'node:child_process';

const marker = 'node_modules/.package-lock.json';
const stale =
  !existsSync(marker) || statSync(marker).mtimeMs < statSync('package-lock.json').mtimeMs;
if (stale) {
  console.log('Installing dependencies (npm ci) …');
  execSync('npm ci --no-audit --no-fund', { stdio: 'inherit' });
}
