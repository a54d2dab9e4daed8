/**
 * Maintenance over real HTTP against the server process with its real roles and sessions:
 * the multipart upload needs the session's CSRF header like every state-changing call, and
 * the demo roles get the rights of SPEC §6 (maintenance: its stations; viewer: reading).
 */
import { describe, expect, it } from 'vitest';
import { signedInPlant } from '../support/serverPerFile.ts';
import { CSRF_HEADER } from '../../src/contract/paths.ts';
import {
  MAINTENANCE_API,
  docPath,
  type DatasheetDocument,
  type DatasheetResult,
  type LifecycleList,
} from '../../src/contract/maintenance.ts';
import { PDF_BYTES } from '../support/multipart.ts';

const plant = signedInPlant(['maintenance', 'viewer']);

const form = () => {
  const data = new FormData();
  data.append('description', 'Prüfbericht');
  data.append('docType', 'File');
  data.append('file', new Blob([PDF_BYTES], { type: 'application/pdf' }), 'pruefbericht.pdf');
  return data;
};
const station1 = '?pvType=DigiIn&pvNr=100001';
const station7 = '?pvType=DigiIn&pvNr=700001';

describe('maintenance over HTTP with real roles (SPEC §6, §7)', () => {
  it('MH1: an upload without the CSRF header is refused; with it the maintainer stores the file', async () => {
    const noToken = await fetch(plant.server.url + MAINTENANCE_API.docs + station1, {
      method: 'POST',
      headers: { Cookie: plant.maintenance.cookie },
      body: form(),
    });
    expect(noToken.status).toBe(403);
    expect(await noToken.json()).toMatchObject({ error: { code: 'csrf' } });
    const ok = await fetch(plant.server.url + MAINTENANCE_API.docs + station1, {
      method: 'POST',
      headers: { Cookie: plant.maintenance.cookie, [CSRF_HEADER]: plant.maintenance.csrfToken },
      body: form(),
    });
    expect(ok.status).toBe(200);
    const doc = ((await ok.json()) as DatasheetResult<DatasheetDocument>).entries[0]!;
    const file = await plant.viewer.fetch(docPath(doc.id) + '?download=1');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="pruefbericht.pdf"; filename*=UTF-8''pruefbericht.pdf`,
    );
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF_BYTES)).toBe(true);
  });

  it('MH2: the demo roles: maintenance edits its stations only, the viewer reads', async () => {
    const far = await fetch(plant.server.url + MAINTENANCE_API.docs + station7, {
      method: 'POST',
      headers: { Cookie: plant.maintenance.cookie, [CSRF_HEADER]: plant.maintenance.csrfToken },
      body: form(),
    });
    expect(far.status).toBe(403);
    const byViewer = await fetch(plant.server.url + MAINTENANCE_API.docs + station1, {
      method: 'POST',
      headers: { Cookie: plant.viewer.cookie, [CSRF_HEADER]: plant.viewer.csrfToken },
      body: form(),
    });
    expect(byViewer.status).toBe(403);
    const mine = (await (
      await plant.maintenance.fetch(MAINTENANCE_API.lifecycle + station1)
    ).json()) as LifecycleList;
    expect(mine.currentUserCanEdit).toBe(true);
    const other = (await (
      await plant.maintenance.fetch(MAINTENANCE_API.lifecycle + station7)
    ).json()) as LifecycleList;
    expect(other.currentUserCanEdit).toBe(false);
    const read = (await (
      await plant.viewer.fetch(MAINTENANCE_API.docs + station1)
    ).json()) as DatasheetResult<DatasheetDocument>;
    expect(read.currentUserCanEdit).toBe(false);
    expect(read.entries.length).toBeGreaterThan(0);
  });
});
