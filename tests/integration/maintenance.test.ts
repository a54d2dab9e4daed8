/**
 * SPEC §7 "Maintenance" on the real server in-process (fake time: the simulator is stepped by
 * hand): data sheets and documents with upload limits, life-cycle batches in one transaction,
 * rights per role, service intervals pushed over the pv hub, and notifications raised when a
 * simulated runtime crosses its interval; past entries and due dates read the archive.
 * Rules MA1-MA11 of server/maintenance/SPEC.md.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { inProcessPerFile } from '../support/serverPerFile.ts';
import type { SessionUser } from '../../server/auth/service.ts';
import { ROLE_RIGHTS, stationsOf } from '../../server/auth/roles.ts';
import type { Role } from '../../src/contract/auth.ts';
import { HUBS, HUB_METHODS } from '../../src/contract/hubs.ts';
import { pvKey } from '../../src/contract/keys.ts';
import {
  MAINTENANCE_API,
  MAX_DOCUMENT_BYTES,
  docPath,
  docUploadPath,
  type DatasheetDataEntry,
  type DatasheetDocument,
  type DatasheetResult,
  type LifecycleList,
  type LifecycleSaveResult,
  type MaintenanceConfig,
  type MaintenanceDescription,
  type MaintenanceNotificationList,
  type MaintenanceProtocol,
} from '../../src/contract/maintenance.ts';
import type { PvRef } from '../../src/contract/pv.ts';
import { buildClient } from '../support/hubTestServer.ts';
import {
  estimatedDue,
  machineName,
  runtimeRatePerDay,
} from '../../src/domain/maintenanceForecast.ts';
import { PDF_BYTES, PNG_BYTES, formWith } from '../support/multipart.ts';

const user = (role: Role, id: number): SessionUser => ({
  userId: id,
  username: role,
  role,
  rights: new Set(ROLE_RIGHTS[role]),
  stations: stationsOf(role) ? new Set(stationsOf(role)) : null,
  sessionId: `s-${role}`,
});
const USERS: Record<string, SessionUser> = {
  operator: user('operator', 1),
  maintenance: user('maintenance', 2),
  viewer: user('viewer', 3),
};

let machines: MaintenanceDescription[];
let pump: PvRef;
/** A machine on a station the maintenance role does not look after. */
let farPump: PvRef;

const plant = inProcessPerFile(
  { PEGEL_SEED: '5' },
  {
    build: {
      // Short generated history: the runtime PVs the overview reads are filled on first read,
      // and day values still reach the 30 days of the runtime rate (MA10, MA11).
      archive: { spans: { months: 2, quarterHourDays: 2, rawDays: 1, rawIntervalMs: 60_000 } },
      auth: {
        userOf: (r) => {
          // The header for REST calls, a cookie for the hub client.
          const cookie = /test-user=(\w+)/.exec(String(r.headers.cookie ?? ''))?.[1];
          const name = r.headers['x-test-user'] ?? cookie;
          return typeof name === 'string' ? (USERS[name] ?? null) : null;
        },
      },
    },
  },
);

beforeAll(async () => {
  machines = (await get<MaintenanceDescription[]>(MAINTENANCE_API.descriptions)).body;
  pump = machines.find((m) => m.stationNumber === 1)!.pvRef;
  farPump = machines.find((m) => m.stationNumber > 6)!.pvRef;
}, 60_000);

async function request<T>(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  options: { who?: string; body?: unknown; form?: FormData } = {},
) {
  const res = await plant.server.app.inject({
    method,
    url,
    headers: {
      'x-test-user': options.who ?? 'operator',
    },
    // light-my-request writes a FormData as multipart/form-data, boundary and all.
    ...(options.form
      ? { payload: options.form }
      : options.body !== undefined
        ? { payload: options.body as object }
        : {}),
  });
  const json = String(res.headers['content-type'] ?? '').includes('json');
  return {
    status: res.statusCode,
    body: (json ? res.json() : null) as T,
    headers: res.headers,
    raw: res,
  };
}
const get = <T>(url: string, who?: string) => request<T>('GET', url, { who });
const q = (ref: PvRef) => `?pvType=${ref.type}&pvNr=${ref.nr}`;

const storedFiles = () => readdirSync(join(plant.dataDir, 'documents')).length;

function upload(
  ref: PvRef,
  file: { filename: string; bytes: Buffer; contentType?: string } | null,
  who = 'maintenance',
  fields: Record<string, string> = { description: 'Typenschild', docType: 'File' },
) {
  const form = formWith(
    fields,
    file
      ? {
          name: 'file',
          filename: file.filename,
          contentType: file.contentType ?? 'application/octet-stream',
          bytes: file.bytes,
        }
      : null,
  );
  return request<DatasheetResult<DatasheetDocument>>('POST', MAINTENANCE_API.docs + q(ref), {
    who,
    form,
  });
}

describe('maintenance (SPEC §7 "Maintenance")', () => {
  it('MA0: machines with service intervals are listed; their data sheet and parts answer', async () => {
    expect(machines.length).toBeGreaterThan(5);
    expect(machines[0]!.descriptions.map((d) => d.serviceMessageType)).toEqual([
      'Bottom',
      'BottomMiddle',
      'TopMiddle',
      'Top',
    ]);
    const data = await get<DatasheetResult<DatasheetDataEntry>>(MAINTENANCE_API.data + q(pump));
    expect(data.status).toBe(200);
    expect(data.body.status).toBe('Success');
    expect(data.body.entries.some((e) => e.label === 'Hersteller')).toBe(true);
    // Each field also by key, for clients to name it in their user's language.
    expect(data.body.entries.find((e) => e.label === 'Hersteller')?.key).toBe('manufacturer');
    const parts = await get<DatasheetResult<unknown>>(MAINTENANCE_API.parts + q(pump), 'viewer');
    expect(parts.body.entries.length).toBeGreaterThan(0);
    expect(parts.body.currentUserCanEdit).toBe(false);
    expect((await get(MAINTENANCE_API.data + '?pvType=AnaIn&pvNr=999999999')).status).toBe(404);
    expect((await get(MAINTENANCE_API.data + q(pump), 'nobody')).status).toBe(401);
  });

  it('MA6: a PDF and a photo are stored under generated names and served with a safe type and disposition', async () => {
    const pdf = await upload(pump, { filename: 'Betriebsanleitung Pumpe.pdf', bytes: PDF_BYTES });
    expect(pdf.status).toBe(200);
    const photo = await upload(pump, {
      filename: 'typenschild.png',
      bytes: PNG_BYTES,
      contentType: 'text/html',
    });
    expect(photo.status).toBe(200);
    // The type is the one the bytes show, not the one the browser claimed.
    expect(photo.body.entries[0]!.contentType).toBe('image/png');
    const names = readdirSync(join(plant.dataDir, 'documents'));
    expect(names.every((n) => /^[0-9a-f-]{36}$/.test(n))).toBe(true);
    const list = await get<DatasheetResult<DatasheetDocument>>(
      MAINTENANCE_API.docs + q(pump),
      'viewer',
    );
    expect(list.body.entries.map((d) => d.fileName)).toEqual([
      'typenschild.png',
      'Betriebsanleitung Pumpe.pdf',
    ]);
    const id = pdf.body.entries[0]!.id;
    const open = await get(docPath(id));
    expect(open.headers['content-type']).toBe('application/pdf');
    expect(open.headers['content-disposition']).toMatch(
      /^inline; filename="Betriebsanleitung Pumpe.pdf"/,
    );
    expect(open.headers['x-content-type-options']).toBe('nosniff');
    expect(open.raw.rawPayload.equals(PDF_BYTES)).toBe(true);
    const down = await get(docPath(id) + '?download=1');
    expect(down.headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('MA7: too large, wrong type, a path in the file name, an empty file: 400 and nothing stored', async () => {
    const before = storedFiles();
    const countBefore = plant.server.maintenance!.documents.fileCount();
    const refused = [
      await upload(pump, {
        filename: 'big.pdf',
        bytes: Buffer.concat([PDF_BYTES, Buffer.alloc(MAX_DOCUMENT_BYTES)]),
      }),
      await upload(pump, {
        filename: 'x.exe',
        bytes: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0xff, 0xfe]),
      }),
      await upload(pump, { filename: '../../etc/passwd.pdf', bytes: PDF_BYTES }),
      await upload(pump, { filename: 'C:\\temp\\a.pdf', bytes: PDF_BYTES }),
      await upload(pump, { filename: 'empty.pdf', bytes: Buffer.alloc(0) }),
      await upload(pump, null),
      await request('POST', MAINTENANCE_API.docs + q(pump), { who: 'maintenance', body: { a: 1 } }),
    ];
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: { code: 'validation' } });
    }
    expect(storedFiles()).toBe(before);
    expect(plant.server.maintenance!.documents.fileCount()).toBe(countBefore);
  });

  it('MA8: documents: a viewer and a maintainer of another station may not upload or delete', async () => {
    expect((await upload(pump, { filename: 'a.pdf', bytes: PDF_BYTES }, 'viewer')).status).toBe(
      403,
    );
    expect(
      (await upload(farPump, { filename: 'a.pdf', bytes: PDF_BYTES }, 'maintenance')).status,
    ).toBe(403);
    const link = await upload(farPump, null, 'operator', {
      description: 'Herstellerseite',
      docType: 'Link',
      target: 'https://example.com/pumpe',
    });
    expect(link.status).toBe(200);
    const id = link.body.entries[0]!.id;
    expect((await request('DELETE', docPath(id), { who: 'maintenance' })).status).toBe(403);
    expect((await request('DELETE', docPath(id), { who: 'viewer' })).status).toBe(403);
    expect((await request('DELETE', docPath(id), { who: 'operator' })).status).toBe(200);
    expect((await request('DELETE', docPath(id), { who: 'operator' })).status).toBe(404);
  });

  it('MA13: a cancelled upload leaves no document, whether the cancel reaches the server after the upload or before it', async () => {
    const list = async () =>
      (await get<DatasheetResult<DatasheetDocument>>(MAINTENANCE_API.docs + q(pump))).body.entries;
    const before = (await list()).map((d) => d.id);
    const filesBefore = storedFiles();
    const photo = { filename: 'typenschild.png', bytes: PNG_BYTES };
    const fields = (uploadId: string) => ({
      description: 'typenschild',
      docType: 'File',
      uploadId,
    });

    // The whole file arrived and was stored; then the cancel: the document goes again.
    const stored = await upload(pump, photo, 'maintenance', fields('upload-after-0001'));
    expect(stored.status).toBe(200);
    const id = stored.body.entries[0]!.id;
    // Another user cannot cancel it.
    const foreign = await request<{ deletedIds: number[] }>(
      'DELETE',
      docUploadPath('upload-after-0001'),
      { who: 'operator' },
    );
    expect(foreign.body.deletedIds).toEqual([]);
    expect((await list()).map((d) => d.id)).toContain(id);
    const cancel = await request<{ deletedIds: number[] }>(
      'DELETE',
      docUploadPath('upload-after-0001'),
      { who: 'maintenance' },
    );
    expect(cancel.status).toBe(200);
    expect(cancel.body.deletedIds).toEqual([id]);

    // The cancel came first (the upload was held on its way): the upload is refused.
    expect(
      (await request('DELETE', docUploadPath('upload-before-0002'), { who: 'maintenance' })).status,
    ).toBe(200);
    const late = await upload(pump, photo, 'maintenance', fields('upload-before-0002'));
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ error: { code: 'upload_cancelled' } });

    expect((await list()).map((d) => d.id)).toEqual(before);
    expect(storedFiles()).toBe(filesBefore);
    // A malformed id is refused.
    expect((await request('DELETE', docUploadPath('../1'), { who: 'maintenance' })).status).toBe(
      400,
    );
  });

  it('MA5: a life-cycle batch saves creates, updates and deletes at once; one invalid entry changes nothing', async () => {
    const entry = (description: string) => ({
      maintenanceTimestamp: Date.UTC(2026, 10, 20, 8),
      kind: 'Repair',
      description,
      performedBy: 'Schmidt',
      serviceMessageType: null,
    });
    /** A life-cycle batch on the pump as `who`: entries to create and update, ids to delete. */
    const batch = <T>(
      who: string,
      change: { create?: object[]; update?: object[]; delete?: number[] },
    ) =>
      request<T>('POST', MAINTENANCE_API.lifecycle, {
        who,
        body: {
          pvType: pump.type,
          pvNr: pump.nr,
          entriesToCreate: change.create ?? [],
          entriesToUpdate: change.update ?? [],
          idsToDelete: change.delete ?? [],
        },
      });
    const first = await batch<LifecycleSaveResult>('maintenance', {
      create: [entry('Lager getauscht'), entry('Dichtung erneuert')],
    });
    expect(first.body.status).toBe('Success');
    const [a, b] = first.body.created;
    expect(a!.runtimeAtEntry).toBeGreaterThan(0);
    const list = () => get<LifecycleList>(MAINTENANCE_API.lifecycle + q(pump), 'maintenance');
    const before = (await list()).body.entries;

    // An invalid entry (empty description) in the batch: 400 and nothing changed.
    const bad = await batch('maintenance', {
      create: [entry('neu')],
      update: [{ ...entry('geändert'), id: a!.id }],
      delete: [b!.id],
    }).then(() => batch('maintenance', { create: [entry('neu'), entry('')] }));
    expect(bad.status).toBe(400);
    // An id that is not this machine's: Failed, nothing changed (the creates neither).
    const afterValid = (await list()).body.entries;
    const refused = await batch<LifecycleSaveResult>('maintenance', {
      create: [entry('soll nicht bleiben')],
      delete: [999_999],
    });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ status: 'Failed', created: [], deletedIds: [] });
    expect(refused.body.message).toContain('999999');
    expect((await list()).body.entries).toEqual(afterValid);
    // The valid batch before did its three changes in one go.
    expect(afterValid.map((e) => e.description).sort()).toEqual(['geändert', 'neu']);
    expect(before).toHaveLength(2);
    // Viewers and maintainers of other stations change nothing.
    const viewer = await batch('viewer', { create: [entry('x')] });
    expect(viewer.status).toBe(403);
    const far = await request('POST', MAINTENANCE_API.lifecycleEntry, {
      who: 'maintenance',
      body: { pvType: farPump.type, pvNr: farPump.nr, entry: entry('x') },
    });
    expect(far.status).toBe(403);
    expect(
      (await get<LifecycleList>(MAINTENANCE_API.lifecycle + q(pump), 'viewer')).body
        .currentUserCanEdit,
    ).toBe(false);
  });

  it('MA14: the server refuses the dates the editor refuses: an entry dated 1950 or 2031 is 400 and nothing is stored', async () => {
    const list = async () =>
      (await get<LifecycleList>(MAINTENANCE_API.lifecycle + q(pump), 'maintenance')).body.entries;
    const before = await list();
    const entry = (at: number) => ({
      maintenanceTimestamp: at,
      kind: 'Repair',
      description: 'Lager getauscht',
      performedBy: 'Schmidt',
      serviceMessageType: null,
    });
    for (const at of [Date.UTC(1950, 5, 1, 8), Date.UTC(2031, 5, 1, 8)]) {
      const batch = await request<{ error: { message: string; issues: { path: string }[] } }>(
        'POST',
        MAINTENANCE_API.lifecycle,
        {
          who: 'maintenance',
          body: {
            pvType: pump.type,
            pvNr: pump.nr,
            entriesToCreate: [entry(Date.UTC(2026, 10, 20, 8)), entry(at)],
            entriesToUpdate: [],
            idsToDelete: [],
          },
        },
      );
      expect(batch.status).toBe(400);
      expect(batch.body.error.message).toMatch(/must be dated between/);
      expect(batch.body.error.issues.map((i) => i.path)).toEqual([
        'entriesToCreate.1.maintenanceTimestamp',
      ]);
      const one = await request('POST', MAINTENANCE_API.lifecycleEntry, {
        who: 'maintenance',
        body: { pvType: pump.type, pvNr: pump.nr, entry: entry(at) },
      });
      expect(one.status).toBe(400);
    }
    expect(await list()).toEqual(before);
  });

  it('MA10: a life-cycle entry dated in the past stores the operating hours archived for that date, not the counter now', async () => {
    const at = Date.now() - 10 * 86_400_000;
    const pv = plant.server.plant.config(pump)!;
    const hoursPv = plant.server.plant.pvRefs().find((r) => {
      const c = plant.server.plant.config(r);
      return (
        c?.stationNumber === pv.stationNumber &&
        c.name === `${machineName(pv.name)} Betriebsstunden`
      );
    })!;
    expect(hoursPv).toBeDefined();
    const saved = await request<LifecycleSaveResult>('POST', MAINTENANCE_API.lifecycleEntry, {
      who: 'maintenance',
      body: {
        pvType: pump.type,
        pvNr: pump.nr,
        entry: {
          maintenanceTimestamp: at,
          kind: 'Inspection',
          description: 'Nachgetragen: Sichtprüfung',
          performedBy: 'Schmidt',
          serviceMessageType: null,
        },
      },
    });
    expect(saved.body.status).toBe('Success');
    const stored = saved.body.created[0]!.runtimeAtEntry!;
    const archived = plant.server.archive.valueAt(hoursPv, at)!;
    const now = plant.server
      .simulation!.runtimes(pump)!
      .find((r) => r.runtimeType === 'Betriebszeit')!.value;
    expect(stored).toBe(Math.round(archived * 100) / 100);
    // Ten days of running lie between that date and now.
    expect(stored).toBeLessThan(now - 1);
    expect(now - stored).toBeLessThanOrEqual(10 * 24);
    // An entry of now still stores the counter now.
    const today = await request<LifecycleSaveResult>('POST', MAINTENANCE_API.lifecycleEntry, {
      who: 'maintenance',
      body: {
        pvType: pump.type,
        pvNr: pump.nr,
        entry: {
          maintenanceTimestamp: Date.now(),
          kind: 'Inspection',
          description: 'Sichtprüfung',
          performedBy: 'Schmidt',
          serviceMessageType: null,
        },
      },
    });
    expect(today.body.created[0]!.runtimeAtEntry).toBeCloseTo(now, 1);
  });

  it('MA11: the overview estimates each due date from the runtime rate of the last 30 days', async () => {
    const load = async () =>
      (await get<MaintenanceProtocol>(`${MAINTENANCE_API.protocolByStation}?stationNr=1`)).body
        .rows;
    // The first answer asks the archive to prepare the runtimes' history (in the background,
    // the server stays responsive) and says the estimate follows; a later one has it.
    await expect.poll(async () => (await load()).some((r) => r.estimatePending)).toBe(false);
    const rows = await load();
    const now = Date.now();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      const pv = plant.server.plant.config(r.pvRef)!;
      const runtimePv = plant.server.plant.pvRefs().find((ref) => {
        const c = plant.server.plant.config(ref);
        return (
          c?.stationNumber === pv.stationNumber &&
          c.name ===
            `${machineName(pv.name)} ${r.runtimeType === 'Schaltzyklen' ? 'Schaltspiele' : 'Betriebsstunden'}`
        );
      })!;
      const then = plant.server.archive.valueAt(runtimePv, now - 30 * 86_400_000);
      const rate = runtimeRatePerDay(then, r.currentRuntime);
      expect(rate).not.toBeNull();
      expect(r.ratePerDay).toBeCloseTo(rate!, 1);
      if (r.runtimeType === 'Betriebszeit') expect(r.ratePerDay!).toBeLessThanOrEqual(24);
      const due = estimatedDue(r.remainingRuntime, rate, now)!;
      expect(Math.abs(r.estimatedDue! - due)).toBeLessThan(86_400_000);
      if (r.remainingRuntime > 0) expect(r.estimatedDue!).toBeGreaterThan(now);
    }
  });

  it('MA1: a notification is raised when a simulated runtime crosses its interval, and the config is pushed', async () => {
    const sim = plant.server.simulation!;
    // A pump that runs now: the seeded plant starts its pumps within simulated minutes.
    const runningPump = () =>
      machines
        .map((m) => m.pvRef)
        .find((ref) => plant.server.plant.valueByKey(pvKey(ref))?.boolValue === true);
    for (let i = 0; i < 60 && !runningPump(); i++) sim.step(60_000);
    const running = runningPump()!;
    expect(running).toBeDefined();
    const configs = (await get<MaintenanceConfig[]>(MAINTENANCE_API.configs + q(running))).body;
    const top = configs.find((c) => c.pvMaintenanceRef.serviceMessageType === 'Top')!;
    expect(top.remainingTime).toBeGreaterThan(0);
    const set = await request<MaintenanceConfig[]>('POST', MAINTENANCE_API.configs, {
      body: {
        configs: [
          {
            pvRef: running,
            serviceMessageType: 'Top',
            runtimeHours: top.currentRuntime + 0.02,
            runtimeEndType: 'Absolute',
            priority: 2,
            delayTime: 0,
            description: 'Austausch',
            message: 'Austausch fällig',
          },
        ],
      },
    });
    expect(set.status).toBe(200);
    expect(set.body[0]!.remainingTime).toBeGreaterThan(0);
    const open = async () =>
      (await get<MaintenanceNotificationList>(MAINTENANCE_API.notifications + q(running))).body
        .notifications;
    expect(await open()).toEqual([]);
    // 72 s of running to the target; the simulator runs three minutes.
    sim.step(180_000);
    const raised = await open();
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      messageText: 'Austausch fällig',
      runtimeType: 'Betriebszeit',
      runtimeDimension: 'Hours',
      runtimeEndType: 'Absolute',
      serviceMessageType: 'Top',
    });
    expect(raised[0]!.remainingRuntime).toBeLessThanOrEqual(0);
    // The config names its open notification, so a view knows when to reload the list.
    const after = (await get<MaintenanceConfig[]>(MAINTENANCE_API.configs + q(running))).body;
    expect(
      after.find((c) => c.pvMaintenanceRef.serviceMessageType === 'Top')!.openNotification,
    ).toBe(raised[0]!.index);
    // Stepping on raises it once only.
    sim.step(5_000);
    expect(await open()).toHaveLength(1);
    const all = (await get<MaintenanceNotificationList>(MAINTENANCE_API.notifications)).body;
    expect(all.notifications.some((n) => n.index === raised[0]!.index)).toBe(true);
    const protocol = (
      await get<MaintenanceProtocol>(
        `${MAINTENANCE_API.protocolByCompareValue}?stationNr=0&compareValue=0&isPercent=false`,
      )
    ).body;
    expect(protocol.rows.some((r) => r.pvRef.nr === running.nr && r.due)).toBe(true);
  });

  it('MA3: recording the service in the life cycle closes the notification and restarts an Active interval', async () => {
    const ref = machines.find((m) => m.stationNumber === 2)!.pvRef;
    const configs = (await get<MaintenanceConfig[]>(MAINTENANCE_API.configs + q(ref))).body;
    const bottom = configs.find((c) => c.pvMaintenanceRef.serviceMessageType === 'Bottom')!;
    // An interval shorter than what has run since the baseline: due at once.
    const since = bottom.currentRuntime - (bottom.targetRuntime - bottom.runtimeHours);
    await request('POST', MAINTENANCE_API.configs, {
      body: {
        configs: [
          {
            pvRef: ref,
            serviceMessageType: 'Bottom',
            runtimeHours: Math.max(since / 2, 0.001),
            runtimeEndType: 'Active',
            priority: 4,
            delayTime: 0,
            description: 'Sichtprüfung',
            message: 'Sichtprüfung fällig',
          },
        ],
      },
    });
    plant.server.maintenance!.check();
    const open = async () =>
      (await get<MaintenanceNotificationList>(MAINTENANCE_API.notifications + q(ref))).body
        .notifications;
    expect((await open()).map((n) => n.serviceMessageType)).toEqual(['Bottom']);
    const saved = await request<LifecycleSaveResult>('POST', MAINTENANCE_API.lifecycleEntry, {
      who: 'maintenance',
      body: {
        pvType: ref.type,
        pvNr: ref.nr,
        entry: {
          maintenanceTimestamp: Date.now(),
          kind: 'Inspection',
          description: 'Sichtprüfung ohne Befund',
          performedBy: 'Weber',
          serviceMessageType: 'Bottom',
        },
      },
    });
    expect(saved.body.status).toBe('Success');
    expect(await open()).toEqual([]);
    const after = (await get<MaintenanceConfig[]>(MAINTENANCE_API.configs + q(ref))).body;
    expect(
      after.find((c) => c.pvMaintenanceRef.serviceMessageType === 'Bottom')!.remainingTime,
    ).toBeGreaterThan(0);
  });

  it('MA4: service intervals reach subscribers of the PV over the pv hub (newMaintenanceConfig)', async () => {
    const address = plant.server.app.server.address() as { port: number };
    const hub = buildClient(`http://127.0.0.1:${address.port}${HUBS.pv}`, {
      cookie: 'test-user=viewer',
    });
    const received: MaintenanceConfig[] = [];
    let notify = () => {};
    hub.on('newMaintenanceConfig', (c: MaintenanceConfig) => {
      received.push(c);
      notify();
    });
    const until = (n: number) =>
      new Promise<void>((resolve) => {
        notify = () => received.length >= n && resolve();
        notify();
      });
    await hub.start();
    await hub.invoke(HUB_METHODS.pv.subscribeToMaintenanceConfigs, [pvKey(pump)]);
    // The current four right after the subscribe.
    await until(4);
    expect(received.map((c) => c.pvMaintenanceRef.serviceMessageType).sort()).toEqual([
      'Bottom',
      'BottomMiddle',
      'Top',
      'TopMiddle',
    ]);
    const set = await request('POST', MAINTENANCE_API.configs, {
      body: {
        configs: [
          {
            pvRef: pump,
            serviceMessageType: 'BottomMiddle',
            runtimeHours: 3_000,
            runtimeEndType: 'Active',
            priority: 3,
            delayTime: 0,
            description: 'Wartung groß',
            message: 'Große Wartung fällig',
          },
        ],
      },
    });
    expect(set.status).toBe(200);
    await until(5);
    expect(received[4]).toMatchObject({
      pvMaintenanceRef: { pvRef: pump, serviceMessageType: 'BottomMiddle' },
      runtimeHours: 3_000,
      description: 'Wartung groß',
    });
    await hub.stop();
    // Protocol by station lists the four types of every machine of the station.
    const byStation = (
      await get<MaintenanceProtocol>(`${MAINTENANCE_API.protocolByStation}?stationNr=1`)
    ).body;
    const ofStation = machines.filter((m) => m.stationNumber === 1).length;
    expect(byStation.rows).toHaveLength(ofStation * 4);
    // The storage cards of the stations asked for, a few of them worn (SPEC §9).
    expect(byStation.storageCards!.map((c) => c.stationNumber)).toEqual([1]);
    const everyStation = (
      await get<MaintenanceProtocol>(`${MAINTENANCE_API.protocolByStation}?stationNr=0`)
    ).body;
    const worn = everyStation.storageCards!.filter((c) => c.lifePercent < 20);
    expect(worn.length).toBeGreaterThan(0);
    expect(worn.length).toBeLessThan(everyStation.storageCards!.length);
    const ofPv = (await get<MaintenanceProtocol>(MAINTENANCE_API.protocolOfPv + q(pump))).body;
    expect(ofPv.rows).toHaveLength(4);
    // Bad queries are 400.
    expect(
      (
        await get(
          `${MAINTENANCE_API.protocolByCompareValue}?stationNr=1&compareValue=x&isPercent=true`,
        )
      ).status,
    ).toBe(400);
    // Setting intervals needs editMaintenance.
    const viewer = await request('POST', MAINTENANCE_API.configs, {
      who: 'viewer',
      body: {
        configs: [
          {
            pvRef: pump,
            serviceMessageType: 'Top',
            runtimeHours: 1,
            runtimeEndType: 'Absolute',
            priority: 1,
            delayTime: 0,
            description: 'x',
            message: 'x',
          },
        ],
      },
    });
    expect(viewer.status).toBe(403);
  });
});
