#!/usr/bin/env node
/**
 * Runs npm scripts at the same time and fails if any fails: `node scripts/parallel.mjs typecheck
 * lint format:check`. The gate's static checks are single-threaded and independent, so on two
 * cores they take the time of the longest instead of the sum. Each script's output is printed
 * whole when it ends, so the logs do not interleave.
 */
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/parallel.mjs <npm script> …');
  process.exit(2);
}

const started = Date.now();
const results = await Promise.all(
  scripts.map(
    (name) =>
      new Promise((resolve) => {
        const chunks = [];
        const child = spawn('npm', ['run', '--silent', name], {
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
        });
        child.stdout.on('data', (c) => chunks.push(c));
        child.stderr.on('data', (c) => chunks.push(c));
        child.on('close', (code, signal) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          const ok = code === 0;
          process.stdout.write(
            `\n> ${name}: ${ok ? 'ok' : `failed (${signal ?? code})`} after ${seconds} s\n`,
          );
          process.stdout.write(Buffer.concat(chunks));
          resolve(ok);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
