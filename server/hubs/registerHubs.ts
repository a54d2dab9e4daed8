/**
 * The nine live hubs of SPEC §7 on the server's HTTP port, wired to the plant. Features
 * that produce live data later (alerts, notes, text messages, …) publish through the handle.
 */
import type { FastifyInstance } from 'fastify';
import type { HubName } from '../../src/contract/hubs.ts';
import type { ServerContext } from '../context.ts';
import type { Plant } from '../plant/types.ts';
import { registerAlertHub, type AlertHubHandle } from './alertHub.ts';
import type { CloseOptions } from './HubConnection.ts';
import { HubServer, type HubServerOptions } from './HubServer.ts';
import {
  registerDashboardHub,
  registerEnergyOptHub,
  registerPipeLeakageHub,
  registerReportDataHub,
  registerVisuTextMessageHub,
  type DashboardHubHandle,
  type EnergyOptHubHandle,
  type PipeLeakageHubHandle,
  type ReportDataHubHandle,
  type VisuTextMessageHubHandle,
} from './keyedHubs.ts';
import { registerPvHub, type PvHubHandle } from './pvHub.ts';
import { registerServerStatusHub, type ServerStatusHubHandle } from './serverStatusHub.ts';
import { registerStationHub, type StationHubHandle } from './stationHub.ts';
import { createRealTimers } from '../../src/domain/timers.ts';

/** What the hubs need of the server context. */
export type HubContext = Pick<ServerContext, 'auth' | 'metrics' | 'now'>;

export interface HubsHandle {
  readonly server: HubServer;
  readonly pv: Omit<PvHubHandle, 'dispose'>;
  readonly station: Omit<StationHubHandle, 'dispose'>;
  readonly serverStatus: Omit<ServerStatusHubHandle, 'dispose'>;
  readonly alert: AlertHubHandle;
  readonly pipeLeakage: PipeLeakageHubHandle;
  readonly reportData: ReportDataHubHandle;
  readonly dashboard: DashboardHubHandle;
  readonly visuTextMessage: VisuTextMessageHubHandle;
  readonly energyOpt: EnergyOptHubHandle;
  /** Open connections of one hub, or of all. */
  connectionCount(hub?: HubName): number;
  /** Distinct subscribed keys of one hub (summed over its subscription kinds). */
  subscribedKeyCount(hub: HubName): number;
  /** Closes every hub connection; allowReconnect true lets clients reconnect. */
  closeAll(options: CloseOptions): Promise<void>;
  /** Stops listening to the plant and closes all connections with allowReconnect. */
  close(): Promise<void>;
}

export function registerHubs(
  app: FastifyInstance,
  ctx: HubContext,
  plant: Plant,
  options: HubServerOptions = {},
): HubsHandle {
  const timers = options.timers ?? { ...createRealTimers({ unref: true }), now: ctx.now };
  const server = new HubServer(app, ctx.auth, { ...options, timers }, ctx.metrics);
  const pv = registerPvHub(server, plant);
  const station = registerStationHub(server, plant);
  const serverStatus = registerServerStatusHub(server, plant);
  let closed = false;
  const handle: HubsHandle = {
    server,
    pv,
    station,
    serverStatus,
    alert: registerAlertHub(server),
    pipeLeakage: registerPipeLeakageHub(server),
    reportData: registerReportDataHub(server),
    dashboard: registerDashboardHub(server),
    visuTextMessage: registerVisuTextMessageHub(server),
    energyOpt: registerEnergyOptHub(server),
    connectionCount: (hub) => server.connectionCount(hub),
    subscribedKeyCount: (hub) => server.subscribedKeyCount(hub),
    closeAll: (closeOptions) => server.closeAll(closeOptions),
    async close() {
      if (closed) return;
      closed = true;
      pv.dispose();
      station.dispose();
      serverStatus.dispose();
      await server.close();
    },
  };
  // Graceful shutdown: clients are told to reconnect, so they find the restarted server.
  app.addHook('preClose', async () => {
    await handle.close();
  });
  return handle;
}
