/** Builds the reference plant server: HTTP API, hubs and the built client on one port. */
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { ServerConfig } from './config.ts';
import { openDatabase } from './store/db.ts';
import { MetricsRegistry } from './http/metrics.ts';
import { installErrorHandling } from './http/errors.ts';
import { installRateLimits } from './http/rateLimit.ts';
import { rateRules } from './http/rateRules.ts';
import { readCookie, SESSION_COOKIE } from './auth/cookies.ts';
import type { ApiErrorBody } from '../src/contract/errors.ts';
import { installSecurityHeaders, originOf } from './http/securityHeaders.ts';
import { registerSimulationRoutes } from './system/simulationRoutes.ts';
import { registerStatic } from './static.ts';
import type { ServerContext } from './context.ts';
import { createAuth } from './auth/createAuth.ts';
import type { AuthService } from './auth/service.ts';
import { registerAuthRoutes } from './auth/routes.ts';
import { registerSystemRoutes } from './system/routes.ts';
import { plantIncidents } from './plant/incidents.ts';
import { createPlant } from './plant/simulatedPlant.ts';
import { FieldPlant } from './field/FieldPlant.ts';
import { fieldEnergyStations } from './field/fieldEnergy.ts';
import { loadPlantFile } from './field/plantFile.ts';
import { registerFieldRoutes } from './field/routes.ts';
import { registerPlantRoutes } from './plant/routes.ts';
import type { Plant, PlantSimulation } from './plant/types.ts';
import { registerHubs, type HubsHandle } from './hubs/registerHubs.ts';
import type { HubServerOptions } from './hubs/HubServer.ts';
import { createArchive, type Archive, type ArchiveOptions } from './archive/createArchive.ts';
import { registerChartRoutes } from './charts/registerChartRoutes.ts';
import { AlertService } from './alerts/AlertService.ts';
import { startAlertFlood } from './alerts/alertFlood.ts';
import { registerAlertRoutes } from './alerts/routes.ts';
import { registerActionRoutes } from './actions/registerActionRoutes.ts';
import { registerDashboardArea } from './dashboard/registerDashboardArea.ts';
import { registerEnergy } from './energy/registerEnergy.ts';
import { registerUserPages } from './userPages/routes.ts';
import { registerLeakage, registerNoLeakage } from './leakage/registerLeakage.ts';
import { registerReportArea } from './reports/registerReportArea.ts';
import {
  registerMaintenanceArea,
  type MaintenanceHandle,
} from './maintenance/registerMaintenanceArea.ts';
import { registerRemoteAlertArea } from './remoteAlert/registerRemoteAlertArea.ts';

export interface PlantServer {
  app: FastifyInstance;
  context: ServerContext;
  /** The plant behind routes, hubs and archive (the simulator unless a test brought one). */
  plant: Plant;
  /**
   * The simulator, or the field plant with PEGEL_PLANT_FILE; tests step or disturb it. Null
   * when a test brought its own plant.
   */
  simulation: PlantSimulation | null;
  /** The field plant when PEGEL_PLANT_FILE names a plant file; null otherwise. */
  field: FieldPlant | null;
  /** Text printed at start: the demo accounts created on first start (empty afterwards). */
  startupNotes: string[];
  /** The live hubs (SPEC §7). */
  hubs: HubsHandle;
  /** The process-value archive. */
  archive: Archive;
  /** Alerts, control and system events (SPEC §2, §7 "Alerts"). */
  alerts: AlertService;
  /** Every HTTP route as registered (method and URL pattern), for the hostile-input suite. */
  routes: readonly RegisteredRoute[];
  /** Maintenance: service intervals, documents (null without the simulator). */
  maintenance: MaintenanceHandle | null;
  close(): Promise<void>;
}

export interface RegisteredRoute {
  method: string;
  url: string;
}

export interface BuildOptions {
  /** Replaces the simulator (in-process tests with a fake plant); plant routes are then left out. */
  plant?: Plant;
  /** Replaces the session service (integration tests of routes in-process). */
  auth?: AuthService;
  /** Replaces the clock (in-process tests). */
  now?: () => number;
  /** Leaves the simulator unstarted so tests step it by hand. */
  manualPlant?: boolean;
  hubOptions?: HubServerOptions;
  archive?: ArchiveOptions;
}

export async function buildServer(
  config: ServerConfig,
  options: BuildOptions = {},
): Promise<PlantServer> {
  // A wrong plant file stops the start here, before anything is opened, with file, line, key
  // path and what was expected (PlantFileError).
  const plantFile = !options.plant && config.plantFile ? loadPlantFile(config.plantFile) : null;
  // The plant file's time zone, when it names one, is the plant's (days, counters, plans).
  if (plantFile?.plant.timeZone) config = { ...config, plantTimeZone: plantFile.plant.timeZone };
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: 2 * 1024 * 1024,
    // Fastify gives up on a plugin after 10 s; @fastify/static reads the built client's folder
    // when it registers, which on a machine with every core busy (a CI run beside browser tests)
    // took longer and ended the server at start. Slow is not broken; a minute is the bound.
    pluginTimeout: 60_000,
    // The router's own refusals (bad URL encoding, overlong parameter) in the one error shape.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      const body: ApiErrorBody = {
        error: { code: error.code ?? 'bad_request', message: error.message },
      };
      void (reply as unknown as FastifyReply).code(status).send(body);
    },
  });
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  const db = openDatabase(config.dataDir);
  const metrics = new MetricsRegistry();
  app.addHook('onClose', async () => metrics.close());
  const now = options.now ?? Date.now;
  const authSetup = createAuth({ config, db, metrics, now });
  const auth: AuthService = options.auth ?? authSetup.service;
  const context: ServerContext = { config, db, metrics, auth, now };
  const startupNotes: string[] = [...authSetup.startupNotes];

  const httpRequests = metrics.counter(
    'pegel_http_requests_total',
    'HTTP requests by route and status',
    ['method', 'route', 'status'],
  );
  app.addHook('onResponse', (request, reply, done) => {
    httpRequests.inc({
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    });
    done();
  });

  installErrorHandling(app);
  await installRateLimits(app, rateRules(config), (request) =>
    readCookie(request.headers.cookie, SESSION_COOKIE),
  );
  await installSecurityHeaders(app, {
    distDir: config.distDir,
    https: config.secureCookies,
    frameAncestors: process.env.PEGEL_FRAME_ANCESTORS || "'self'",
    connectOrigins: [originOf(process.env.PEGEL_WEATHER_BASE_URL)].filter(
      (o): o is string => o !== null,
    ),
  });
  await app.register(fastifyCookie);

  app.get('/metrics', async (_request, reply) => {
    reply.header('Content-Type', metrics.contentType);
    return metrics.render();
  });
  registerAuthRoutes(app, context, authSetup);
  registerSystemRoutes(app, context, plantFile?.plant);
  registerUserPages(app, context);

  // --- plant: the simulator and its REST routes, unless a test brings its own plant ---
  // With a plant file the field plant takes the simulator's place.
  const field = plantFile
    ? new FieldPlant({
        plant: plantFile,
        metrics,
        dataDir: config.dataDir,
        now: context.now,
        flushMs: config.fieldFlushMs,
        // Its slow clock: silence (staleAfterMs) and station timestamps.
        ...(config.plantTickMs ? { tickMs: config.plantTickMs } : {}),
        log: (message) => app.log.warn(message),
      })
    : null;
  const simulation = options.plant
    ? null
    : (field ??
      createPlant({
        seed: config.seed,
        now: context.now,
        metrics,
        load: config.plantLoad,
        ...(config.plantTickMs ? { tickMs: config.plantTickMs } : {}),
        ...(config.plantFailuresPerPumpHour !== null
          ? { failuresPerPumpHour: config.plantFailuresPerPumpHour }
          : {}),
        ...(config.dialCallInMs !== null ? { callInIntervalMs: config.dialCallInMs } : {}),
        // What the seeded history leaves behind: its failed pump is still failed now.
        incidents: plantIncidents({
          seed: config.seed,
          anchorMs: context.now(),
          days: config.historyDays,
          findings: config.historyFindings,
        }).stations,
      }));
  const plant: Plant = options.plant ?? simulation!;
  if (simulation) {
    registerPlantRoutes(app, context, simulation);
    // The field plant's connectors run in tests too: its time is the wall clock.
    if (!options.manualPlant || field) simulation.start();
  }
  registerFieldRoutes(app, context, plant, field);
  // Live hubs (SPEC §7) over the plant. Closing the app closes every hub connection with
  // allowReconnect (a preClose hook of registerHubs), so tabs reconnect to the next start.
  const hubs = registerHubs(app, context, plant, options.hubOptions);
  authSetup.onSessionEnded(() => hubs.server.recheckSessions());
  // Archive and charts (SPEC §7 "Charts"). The archive appends the plant's values until the
  // app closes; its last aggregates are written before the database closes.
  const archive = createArchive(context, plant, {
    // A field plant's archive holds only what its devices measured: no generated history.
    fill: field ? 'none' : config.archiveFill,
    // The modelled plant sends a value only when it changed: the archive holds it each tick.
    holdTickMs: simulation && !field && !config.plantLoad ? (config.plantTickMs ?? 1000) : null,
    ...options.archive,
  });
  app.addHook('onClose', async () => archive.close());
  registerChartRoutes(app, context, plant, archive);
  // Alerts: raised from the plant, stored in SQLite, published on the alert hub.
  const alerts = new AlertService({
    db,
    now: context.now,
    plant,
    hub: hubs.alert,
    seedCount: config.alertArchiveSeed,
    historyDays: config.historyDays,
    historyFindings: config.historyFindings,
    // The alert history ends where the archive's does, so a station's trend shows its alarms.
    historyAnchor: archive.historyEnd,
    seed: config.seed,
  });
  context.audit = alerts.events.audit;
  registerAlertRoutes(app, context, alerts, plant, hubs.pv);
  // Network analytics over the simulated plant: energy optimisation per pump station and
  // pipe leakage per network section (SPEC §3), pushed on their hubs. A field plant meters the
  // energy of the stations its plant file declares (maybe none); the leakage zones are the
  // simulated network's, so it has none and answers the client with an empty list.
  if (simulation) {
    const stops = [
      registerEnergy(
        app,
        context,
        plant,
        hubs.energyOpt,
        archive,
        plantFile ? fieldEnergyStations(plantFile) : undefined,
      ),
      ...(field
        ? []
        : [registerLeakage(app, context, plant, hubs.pipeLeakage, alerts.raiser, config.seed)]),
    ];
    if (field) registerNoLeakage(app, context);
    app.addHook('onClose', async () => stops.forEach((stop) => stop()));
  }
  if (simulation) {
    registerActionRoutes(app, context, simulation, hubs);
    registerSimulationRoutes(app, context, simulation, hubs.serverStatus);
  }
  const maintenance = simulation
    ? registerMaintenanceArea(app, context, simulation, hubs, archive)
    : null;
  // Once the operators' limits are back on the plant and the analytics are registered: the
  // start reconciles the alerts from before with the plant as it is now and with the sources
  // outside its values (pipe leakage judges its own), README "Alarms across a restart".
  alerts.start();
  app.addHook('onClose', async () => alerts.stop());
  const stopFlood = startAlertFlood({
    perSecond: config.alertFloodPerSecond,
    clearAfterMs: config.alertFloodClearMs,
    plant,
    sink: alerts,
    now: context.now,
    seed: config.seed,
  });
  app.addHook('onClose', async () => stopFlood());

  registerDashboardArea(app, context, plant, hubs.dashboard, plantFile?.plant.name);
  registerReportArea(app, context, plant, archive, hubs.reportData);
  // A field plant's remote alarming starts empty: no made-up plans, numbers or line changes.
  registerRemoteAlertArea(app, context, plant, hubs.pv, alerts, {
    simulate: !options.manualPlant && !field,
    seedDemo: !field,
  });

  await registerStatic(app, config.distDir);

  return {
    app,
    context,
    plant,
    simulation,
    field,
    startupNotes,
    hubs,
    archive,
    alerts,
    routes,
    maintenance,
    async close() {
      if (field) await field.close();
      else simulation?.stop();
      await app.close();
      db.close();
    },
  };
}
