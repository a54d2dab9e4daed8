/**
 * `npx tsx bench/alert-list-lag.ts [rows=100000] [runs=3]`: how long the reference server's
 * event loop is held while it answers one whole alert archive range. A cheap request (a 404)
 * is sent every 20 ms during the big answer; its worst answer time is what every hub message
 * and every other request of every client waited at most. Prints figures, asserts nothing.
 */
import { startPlantServer } from '../tests/support/plantServer.ts';
import { signInHttp } from '../tests/support/login.ts';
import { ALERT_API } from '../src/contract/alerts.ts';

async function main() {
  const rows = Number(process.argv[2] ?? 100_000);
  const runs = Number(process.argv[3] ?? 3);
  const plant = await startPlantServer({ env: { PEGEL_ALERT_ARCHIVE_SEED: String(rows) } });
  try {
    const api = await signInHttp(plant.url, 'operator');
    const end = new Date().toISOString();
    const start = new Date(Date.now() - 400 * 86_400_000).toISOString();
    for (let i = 0; i < runs; i++) {
      let worst = 0;
      let stop = false;
      const probe = (async () => {
        while (!stop) {
          const t = performance.now();
          await fetch(`${plant.url}/api/nope`);
          worst = Math.max(worst, performance.now() - t);
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      const t0 = performance.now();
      const res = await api.fetch(`${ALERT_API.list}?start=${start}&end=${end}&limit=${rows}`);
      const body = await res.text();
      const ms = performance.now() - t0;
      stop = true;
      await probe;
      console.log(
        `${res.status}: ${(body.length / 1e6).toFixed(1)} MB in ${ms.toFixed(0)} ms; ` +
          `worst answer of a cheap request meanwhile ${worst.toFixed(0)} ms`,
      );
    }
  } finally {
    await plant.dispose();
  }
}

void main();
