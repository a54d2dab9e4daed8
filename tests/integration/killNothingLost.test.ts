/**
 * Nothing lost (DESIGN.md "Qualities"): SIGKILL during a burst of acknowledgements,
 * annotations and life-cycle batches; after the restart every save the server answered with
 * success is there, whole, and no batch is half-written — rule NL1 (SQLite WAL, one
 * transaction per save).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_API, type AlertListResult } from '../../src/contract/alerts.ts';
import { CHART_API, type Annotation, type NewAnnotation } from '../../src/contract/charts.ts';
import { startPlantServer, type PlantServerHandle } from '../support/plantServer.ts';
import { signInHttp, type SignedIn } from '../support/login.ts';
import {
  MAINTENANCE_API,
  type LifecycleList,
  type LifecycleSaveResult,
} from '../../src/contract/maintenance.ts';

const MACHINE = { type: 'AnaIn', nr: 100001 } as const;

let plant: PlantServerHandle;
beforeAll(async () => {
  // A busy plant with a seeded archive: there is always something to acknowledge.
  plant = await startPlantServer({ env: { PEGEL_ALERT_ARCHIVE_SEED: '40000' } });
}, 90_000);
afterAll(async () => plant?.dispose());

const range = () => {
  const end = new Date(Date.now() + 60_000).toISOString();
  const start = new Date(Date.now() - 8 * 86_400_000).toISOString();
  return `start=${start}&end=${end}&limit=10000`;
};

async function pendingIds(api: SignedIn): Promise<number[]> {
  const list = (await (await api.fetch(`${ALERT_API.list}?${range()}`)).json()) as AlertListResult;
  return list.alerts.filter((a) => a.state === 'pending').map((a) => a.id);
}

describe('a hard kill', () => {
  it('NL1: every acknowledgement, annotation and life-cycle batch answered with success survives SIGKILL, whole', async () => {
    const api = await signInHttp(plant.url, 'operator');
    const fitter = await signInHttp(plant.url, 'maintenance');
    const pending = await pendingIds(api);
    expect(pending.length).toBeGreaterThan(50);
    const acked: number[] = [];
    const annotated: { text: string; timestamp: number }[] = [];
    let stop = false;
    const ackLoop = (async () => {
      for (const id of pending) {
        if (stop) return;
        const res = await api
          .fetch(ALERT_API.ack, { method: 'POST', body: JSON.stringify({ ids: [id] }) })
          .catch(() => null);
        if (res?.status === 200) {
          const body = (await res.json().catch(() => null)) as { status?: string } | null;
          if (body?.status === 'Success') acked.push(id);
        }
      }
    })();
    const annotationLoop = (async () => {
      for (let i = 0; !stop && i < 10_000; i++) {
        const note: NewAnnotation = {
          timestamp: Date.now() - i * 60_000,
          pv: { type: 'AnaIn', nr: 200001 },
          dataSource: 'MeasurementArchive',
          text: `Schichtnotiz ${i}: Pumpe geprüft`,
          visible: true,
          showInDayReport: true,
          showInWeekReport: false,
          showInMonthReport: false,
          showInYearReport: false,
        };
        const res = await api
          .fetch(CHART_API.annotations, { method: 'POST', body: JSON.stringify(note) })
          .catch(() => null);
        if (res && res.status < 300 && (await res.json().catch(() => null)))
          annotated.push({ text: note.text, timestamp: note.timestamp });
      }
    })();
    const batches: string[] = [];
    const lifecycleLoop = (async () => {
      for (let i = 0; !stop && i < 10_000; i++) {
        const entry = (part: string) => ({
          maintenanceTimestamp: Date.now() - i * 60_000,
          kind: 'Repair',
          description: `Wartung ${i} ${part}`,
          performedBy: 'Schmidt',
          serviceMessageType: null,
        });
        const res = await fitter
          .fetch(MAINTENANCE_API.lifecycle, {
            method: 'POST',
            body: JSON.stringify({
              pvType: MACHINE.type,
              pvNr: MACHINE.nr,
              entriesToCreate: [entry('Lager'), entry('Dichtung')],
              entriesToUpdate: [],
              idsToDelete: [],
            }),
          })
          .catch(() => null);
        const body = res?.ok
          ? ((await res.json().catch(() => null)) as LifecycleSaveResult | null)
          : null;
        if (body?.status === 'Success') batches.push(`Wartung ${i}`);
      }
    })();
    // Let the burst run, then pull the plug in the middle of it.
    await new Promise((r) => setTimeout(r, 1_500));
    await plant.kill();
    stop = true;
    await Promise.all([ackLoop, annotationLoop, lifecycleLoop]);
    expect(acked.length).toBeGreaterThan(5);
    expect(annotated.length).toBeGreaterThan(5);
    expect(batches.length).toBeGreaterThan(5);

    await plant.restart();
    const again = await signInHttp(plant.url, 'operator');
    const stillPending = new Set(await pendingIds(again));
    for (const id of acked) expect(stillPending.has(id), `alert ${id}`).toBe(false);
    const res = await again.fetch(CHART_API.annotations);
    expect(res.status).toBe(200);
    const stored = (await res.json()) as Annotation[];
    const byText = new Map(stored.map((a) => [a.text, a]));
    for (const a of annotated) {
      const found = byText.get(a.text);
      expect(found, a.text).toBeDefined();
      // Whole: every field as it was sent.
      expect(found).toMatchObject({ timestamp: a.timestamp, showInDayReport: true, visible: true });
    }
    const fitterAgain = await signInHttp(plant.url, 'maintenance');
    const list = (await (
      await fitterAgain.fetch(
        `${MAINTENANCE_API.lifecycle}?pvType=${MACHINE.type}&pvNr=${MACHINE.nr}`,
      )
    ).json()) as LifecycleList;
    const texts = new Set(list.entries.map((e) => e.description));
    for (const batch of batches) {
      expect(texts.has(`${batch} Lager`), batch).toBe(true);
      expect(texts.has(`${batch} Dichtung`), batch).toBe(true);
    }
    // No batch is half there: each stored batch has both of its entries.
    for (const text of texts) {
      const batch = text.replace(/ (Lager|Dichtung)$/, '');
      expect(texts.has(`${batch} Lager`) && texts.has(`${batch} Dichtung`), text).toBe(true);
    }
  }, 120_000);
});
