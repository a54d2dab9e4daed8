import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlantServer, type PlantServerHandle } from '../support/plantServer.ts';

let server: PlantServerHandle;
beforeAll(async () => {
  server = await startPlantServer();
});
afterAll(async () => {
  await server?.dispose();
});

describe('reference server core', () => {
  it('SRV1: unknown API routes answer 404 in the one error shape', async () => {
    const res = await fetch(`${server.url}/api/nothing-here`);
    expect(res.status).toBe(404);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('not_found');
    expect(body.error.message).toContain('/api/nothing-here');
  });

  it('SRV2: /metrics speaks the Prometheus text format and counts requests by route and status', async () => {
    await fetch(`${server.url}/api/SystemConfig/password-policy`);
    const text = await (await fetch(`${server.url}/metrics`)).text();
    expect(text).toContain('# TYPE pegel_http_requests_total counter');
    expect(text).toMatch(
      /pegel_http_requests_total\{[^}]*route="\/api\/SystemConfig\/password-policy"[^}]*status="200"[^}]*\} [1-9]/,
    );
  });

  it('SRV2b: /metrics carries the process metrics of prom-client, so an overloaded server shows why', async () => {
    const res = await fetch(`${server.url}/metrics`);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      'nodejs_gc_duration_seconds',
      'nodejs_active_handles_total',
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
    ])
      expect(text, name).toContain(`# TYPE ${name} `);
    // The application's own metrics sit beside them, once each.
    expect(text.match(/# TYPE pegel_hub_connections gauge/g)).toHaveLength(1);
    expect(text).toMatch(/pegel_plant_pvs \d+/);
  });

  it('SRV3: client routes fall back to index.html', async () => {
    const res = await fetch(`${server.url}/stations/12`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
  });

  it('SRV3b: a client route with a dot falls back too; missing assets and top-level files are 404', async () => {
    const route = await fetch(`${server.url}/process-images/pumpwerk.svg`);
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<div id="root">');
    expect((await fetch(`${server.url}/assets/missing-0000.js`)).status).toBe(404);
    expect((await fetch(`${server.url}/favicon.ico`)).status).toBe(404);
  });
});
