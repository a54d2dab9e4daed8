/**
 * SPEC §7 "Dashboard", "Visualization and webcam", "External weather service" on the real
 * server: dashboards, notes through the dashboard hub, process images, webcams, weather.
 */
import { describe, expect, it } from 'vitest';
import { signedInPlant } from '../support/serverPerFile.ts';
import {
  DASHBOARD_API,
  DASHBOARD_LAYOUTS,
  TILE_SIZES,
  TILE_TYPES,
  VALUE_DISPLAY_STYLES,
  noteKey,
  type DashboardConfigResult,
  type DashboardNote,
  type ProcessImageList,
  type Webcam,
  type WebcamImage,
} from '../../src/contract/dashboard.ts';
import { HUBS, HUB_METHODS } from '../../src/contract/hubs.ts';
import { buildClient } from '../support/hubTestServer.ts';
import { createFeedItemsFetcher } from '../../workers/feedItems.ts';
import { ACTION_EXTRA_API, type TextOutput } from '../../src/contract/actions.ts';
import type { SignedIn } from '../support/login.ts';

const plant = signedInPlant(['operator', 'viewer']);

async function json<T>(who: SignedIn, path: string): Promise<T> {
  const res = await who.fetch(path);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

describe('dashboards (SPEC §2 "Dashboard", §7 "Dashboard")', () => {
  it("DB9: the Betriebshandbuch tile shows the plant's operating manual, not Pegel itself", async () => {
    const config = await json<DashboardConfigResult>(plant.viewer, DASHBOARD_API.config);
    const tile = config.dashboards
      .flatMap((d) => d.tiles)
      .find((t) => t.type === 'Browser' && t.title === 'Betriebshandbuch');
    const url = tile?.url ?? '';
    // Not the client: its root, /about or any other client route answers Pegel's index.html.
    expect(url).toMatch(/^\/Views\/Manual\//);
    const res = await plant.viewer.fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toMatch(/<title>Betriebshandbuch – Zweckverband Wasserversorgung Talaue<\/title>/);
    expect(html).not.toMatch(/id="root"/);
    // It names the plant as it is: every station, and the priorities of its alarms.
    for (const name of ['Rohwasserpumpwerk Talaue', 'Abwasserpumpwerk Mühlgraben'])
      expect(html).toContain(name);
    expect(html).toContain('Kritisch');
    // Signed-in users only.
    expect((await fetch(new URL(url, plant.server.url))).status).toBe(401);
  });

  it('DB1: the dashboards use every tile type, layout, size and display style', async () => {
    const config = await json<DashboardConfigResult>(plant.viewer, DASHBOARD_API.config);
    const tiles = config.dashboards.flatMap((d) => d.tiles);
    const named = <T extends string>(all: readonly T[]) => all.filter((x) => x !== 'Unspecified');
    expect(new Set(tiles.map((t) => t.type))).toEqual(new Set(named(TILE_TYPES)));
    expect(new Set(config.dashboards.map((d) => d.layout))).toEqual(
      new Set(named(DASHBOARD_LAYOUTS)),
    );
    expect(new Set(tiles.map((t) => t.size))).toEqual(new Set(named(TILE_SIZES)));
    // The overview alone holds every tile type and display style (the wall monitor's sample).
    const overview = config.dashboards[0]!;
    expect(new Set(overview.tiles.map((t) => t.type))).toEqual(new Set(named(TILE_TYPES)));
    expect(new Set(overview.tiles.map((t) => t.displayStyle).filter(Boolean))).toEqual(
      new Set(named(VALUE_DISPLAY_STYLES)),
    );
    expect(config.currentUserCanEdit).toBe(false);
    expect(config.weather.baseUrl).toBe(DASHBOARD_API.weatherBase);
  });

  it('DB2: without a session the config is 401', async () => {
    const res = await fetch(plant.server.url + DASHBOARD_API.config);
    expect(res.status).toBe(401);
  });

  it('DB3: a saved note is stored and reaches every subscriber as noteUpdate', async () => {
    const config = await json<DashboardConfigResult>(plant.operator, DASHBOARD_API.config);
    expect(config.currentUserCanEdit).toBe(true);
    const noteId = config.dashboards[0]!.tiles.find((t) => t.type === 'Note')!.noteId!;
    const hub = buildClient(plant.server.url + HUBS.dashboard, { cookie: plant.viewer.cookie });
    const received: DashboardNote[] = [];
    const got = new Promise<void>((resolve) =>
      hub.on('noteUpdate', (note: DashboardNote) => {
        received.push(note);
        resolve();
      }),
    );
    await hub.start();
    await hub.invoke(HUB_METHODS.dashboard.subscribeToNotes, [noteKey(noteId)]);
    const text = 'Pumpe 2 im Pumpwerk Mühlgraben: Lager prüfen <b>nicht</b> HTML';
    const res = await plant.operator.fetch(DASHBOARD_API.note(noteId), {
      method: 'PATCH',
      body: JSON.stringify({ id: noteId, note: text }),
    });
    expect(res.status).toBe(200);
    await got;
    expect(received[0]).toEqual({ id: noteId, note: text });
    await hub.stop();
    const again = await json<DashboardConfigResult>(plant.viewer, DASHBOARD_API.config);
    expect(again.notes.find((n) => n.id === noteId)?.note).toBe(text);
  });

  it('DB4: saving a note needs the right, a matching id and a known note', async () => {
    const patch = (who: SignedIn, id: number, body: unknown) =>
      who.fetch(DASHBOARD_API.note(id), { method: 'PATCH', body: JSON.stringify(body) });
    expect((await patch(plant.viewer, 1, { id: 1, note: 'x' })).status).toBe(403);
    expect((await patch(plant.operator, 1, { id: 2, note: 'x' })).status).toBe(400);
    expect((await patch(plant.operator, 1, { id: 1 })).status).toBe(400);
    expect((await patch(plant.operator, 1, { id: 1, note: 'x'.repeat(5000) })).status).toBe(400);
    expect((await patch(plant.operator, 999, { id: 999, note: 'x' })).status).toBe(404);
  });

  it("DB5: the engine's read after a reconnect gets the leased notes and text messages, without a CSRF token", async () => {
    // The worker's fetch: the session cookie only, as a SharedWorker sends it.
    const workerFetch: typeof fetch = (input, init) =>
      fetch(input, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), Cookie: plant.operator.cookie },
      });
    const read = createFeedItemsFetcher(plant.server.url, workerFetch);
    const config = await json<DashboardConfigResult>(plant.operator, DASHBOARD_API.config);
    const noteId = config.notes[0]!.id;
    expect(await read('notes', [noteId, 999_999])).toEqual([
      config.notes.find((n) => n.id === noteId),
    ]);
    const outputs = await json<TextOutput[]>(plant.operator, ACTION_EXTRA_API.textOutputs);
    const id = outputs[0]!.id;
    expect(await read('textMessages', [id])).toEqual([
      expect.objectContaining({ id, message: expect.any(String) }),
    ]);
  });
});

describe('process images (SPEC §7 "Visualization and webcam")', () => {
  it('PI1: the list under root names an image per station, and each is a bound SVG', async () => {
    const list = await json<ProcessImageList>(plant.viewer, DASHBOARD_API.processImages);
    const all = [list.root, ...list.root.directories].flatMap((d) => d.images);
    const stations = all.filter((i) => i.stationNumber !== null);
    expect(stations).toHaveLength(12);
    for (const image of all) {
      const res = await plant.viewer.fetch(DASHBOARD_API.processImage(image.name));
      expect(res.status, image.name).toBe(200);
      expect(res.headers.get('content-type')).toContain('image/svg+xml');
      const svg = await res.text();
      expect(svg).toContain('data-bind="value"');
      expect(svg).toMatch(/href="\/process-images\//);
    }
    const pumpwerk = await (
      await plant.viewer.fetch(DASHBOARD_API.processImage('abwasserpumpwerk-muehlgraben'))
    ).text();
    expect(pumpwerk).toContain('data-bind="fill"');
    expect(pumpwerk).toContain('data-bind="rotate"');
    expect(pumpwerk).toContain('data-visible-when="failure"');
    expect(pumpwerk).toContain('data-action="dial"');
  });

  it('PI2: a name that would leave the image folder is 404', async () => {
    for (const name of [
      '..%2Fpegel.sqlite',
      '..%2F..%2Fpackage.json',
      '%2E%2E%2Fpegel.sqlite',
      '..',
      'unknown-image',
      '.hidden.svg',
    ]) {
      const res = await plant.viewer.fetch(`/Views/Visualization/ProcessImages/${name}`);
      expect(res.status, name).toBe(404);
    }
  });
});

describe('webcams (SPEC §7 "Visualization and webcam")', () => {
  it('WC1: cameras, the current image, and 204 when the caller already has it', async () => {
    const cams = await json<Webcam[]>(plant.viewer, DASHBOARD_API.webcams);
    expect(cams.length).toBeGreaterThan(0);
    // The id left out, with its slash: the list too (SPEC §7).
    expect(await json<Webcam[]>(plant.viewer, `${DASHBOARD_API.webcams}/`)).toEqual(cams);
    const cam = await json<Webcam>(plant.viewer, DASHBOARD_API.webcam(cams[0]!.id));
    expect(cam).toEqual(cams[0]);
    const current = await json<WebcamImage>(plant.viewer, DASHBOARD_API.webcamCurrent(cam.id));
    const image = await plant.viewer.fetch(current.url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toContain('image/svg+xml');
    const same = await plant.viewer.fetch(
      `${DASHBOARD_API.webcamCurrent(cam.id)}?currentFilename=${current.filename}`,
    );
    expect([200, 204]).toContain(same.status);
    expect((await plant.viewer.fetch(DASHBOARD_API.webcam(99))).status).toBe(404);
  });

  it('WC2: available images of a range, one per interval, and different pictures', async () => {
    const to = new Date();
    const from = new Date(to.getTime() - 10 * 60_000);
    const list = await json<WebcamImage[]>(
      plant.viewer,
      `${DASHBOARD_API.webcamAvailable(1)}?from=${from.toISOString()}&to=${to.toISOString()}`,
    );
    expect(list.length).toBeGreaterThanOrEqual(9);
    expect(list.length).toBeLessThanOrEqual(11);
    const [a, b] = await Promise.all(
      [list[0]!, list.at(-1)!].map(async (i) => (await plant.viewer.fetch(i.url)).text()),
    );
    expect(a).not.toBe(b);
    const bad = await plant.viewer.fetch(
      `${DASHBOARD_API.webcamAvailable(1)}?from=yesterday&to=now`,
    );
    expect(bad.status).toBe(400);
    const future = await plant.viewer.fetch(
      DASHBOARD_API.webcamImage(1, 'cam1_29990101_000000.svg'),
    );
    expect(future.status).toBe(404);
  });
});

describe('weather service (SPEC §7 "External weather service")', () => {
  it('WE1: current weather and forecast by zip and country, metric, with the key', async () => {
    const q = `zip=01723,de&appid=pegel-simulated-weather&units=metric`;
    const current = (await (
      await fetch(`${plant.server.url}${DASHBOARD_API.weatherBase}/weather?${q}`)
    ).json()) as {
      main: { temp: number; humidity: number; pressure: number };
      weather: { icon: string }[];
      name: string;
    };
    expect(current.name).toBe('Talaue');
    expect(current.main.temp).toBeGreaterThan(-40);
    expect(current.main.humidity).toBeGreaterThan(0);
    expect(current.weather[0]!.icon).toMatch(/^\d\d[dn]$/);
    const forecast = (await (
      await fetch(`${plant.server.url}${DASHBOARD_API.weatherBase}/forecast?${q}`)
    ).json()) as {
      list: { dt: number; main: { temp: number } }[];
    };
    expect(forecast.list).toHaveLength(40);
    expect(forecast.list[1]!.dt - forecast.list[0]!.dt).toBe(3 * 3600);
  });

  it('WE2: a wrong key is 401 and a missing zip 400, as the real service answers', async () => {
    const url = `${plant.server.url}${DASHBOARD_API.weatherBase}/weather`;
    expect((await fetch(`${url}?zip=01723,de&appid=wrong`)).status).toBe(401);
    expect((await fetch(`${url}?appid=pegel-simulated-weather`)).status).toBe(400);
  });
});
