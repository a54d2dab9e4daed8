// Preloaded with `--import` through NODE_OPTIONS (which refuses --cpu-prof): records a V8
// CPU profile of the whole process and writes it to $PEGEL_CPU_PROFILE_DIR on exit.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const dir = process.env.PEGEL_CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 200 });
  session.post('Profiler.start');
  process.on('exit', () => {
    // The main thread's session answers synchronously, so this works in an exit handler.
    session.post('Profiler.stop', (err, result) => {
      if (err) return;
      writeFileSync(join(dir, `server-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
