// `npm run dev`: Vite with hot reload. Without PEGEL_SERVER_URL it also starts the reference
// plant server on 127.0.0.1:8080 and proxies /api, /hubs, /Views and /Account to it.
import { spawn } from 'node:child_process';

const children = [];
const run = (cmd, args, env = {}) => {
  const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  child.on('exit', (code) => {
    for (const c of children) if (c !== child) c.kill('SIGTERM');
    process.exit(code ?? 0);
  });
};

if (!process.env.PEGEL_SERVER_URL) {
  run('./node_modules/.bin/tsx', ['server/main.ts'], {
    PORT: process.env.PEGEL_SERVER_PORT ?? '8080',
  });
}
run('./node_modules/.bin/vite', []);
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => children.forEach((c) => c.kill(sig)));
}
