// Preloaded with `--import` through NODE_OPTIONS (which refuses --cpu-prof): records a V8
// CPU profile of the whole process and writes it to $PEGEL_CPU_PROFILE_DIR on exit.
// PEGEL_CPU_PROFILE_STALLS=1 also notes every turn of the event loop later than 20 ms (a 2 ms
// timer) in `<profile>.stalls.json`, [start µs, end µs, ms] on the profile's clock, so
// bench/stall-profile.ts can say what ran in each stall.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const dir = process.env.PEGEL_CPU_PROFILE_DIR;
if (dir) {
  // A folder that does not exist yet is made: the profile was lost without a word otherwise.
  mkdirSync(dir, { recursive: true });
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 200 });
  session.post('Profiler.start');
  const stalls = [];
  if (process.env.PEGEL_CPU_PROFILE_STALLS === '1') {
    let last = process.hrtime.bigint();
    const timer = setInterval(() => {
      const now = process.hrtime.bigint();
      const ms = Number(now - last) / 1e6;
      if (ms > 20) stalls.push([Number(last / 1000n), Number(now / 1000n), ms]);
      last = now;
    }, 2);
    timer.unref();
  }
  process.on('exit', () => {
    // The main thread's session answers synchronously, so this works in an exit handler.
    session.post('Profiler.stop', (err, result) => {
      if (err) {
        process.stderr.write(`CPU profile not written: ${err.message}\n`);
        return;
      }
      const file = join(dir, `server-${process.pid}.cpuprofile`);
      writeFileSync(file, JSON.stringify(result.profile));
      if (process.env.PEGEL_CPU_PROFILE_STALLS === '1')
        writeFileSync(file.replace(/\.cpuprofile$/, '.stalls.json'), JSON.stringify(stalls));
    });
  });
}
