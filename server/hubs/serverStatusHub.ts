/**
 * /hubs/server-status (SPEC §4, §7): the plant's connection status, sent on connect and on
 * every change; GetServerStatus answers it; sendServerInfoMessage reaches every client.
 */
import {
  HUBS,
  HUB_MESSAGES,
  HUB_METHODS,
  type ServerStatusMessage,
} from '../../src/contract/hubs.ts';
import type { Plant } from '../plant/types.ts';
import type { HubServer } from './HubServer.ts';
import { expectArgCount } from './hubArgs.ts';

const HUB = 'serverStatus';

export interface ServerStatusHubHandle {
  status(): ServerStatusMessage;
  /** `serverStatusChanged(message)` to every client (the plant's changes arrive here too). */
  publishStatus(message: ServerStatusMessage): void;
  /** `sendServerInfoMessage(text)` to every client. */
  sendServerInfoMessage(text: string): void;
  dispose(): void;
}

export function registerServerStatusHub(server: HubServer, plant: Plant): ServerStatusHubHandle {
  const current = (): ServerStatusMessage => {
    const { status, since } = plant.serverStatus();
    return { status, since };
  };
  server.addHub({
    name: HUB,
    path: HUBS.serverStatus,
    methods: {
      [HUB_METHODS.serverStatus.getStatus]: (_conn, ...args) => {
        expectArgCount(HUB_METHODS.serverStatus.getStatus, args, 0);
        return current();
      },
    },
    onConnect: (conn) => conn.send(HUB_MESSAGES.serverStatusChanged, current()),
    // SPEC §4 / DESIGN "Session end reaches every tab": the client logs out on Unauthorized.
    onSessionEnded: (conn) =>
      conn.send(HUB_MESSAGES.serverStatusChanged, {
        status: 'Unauthorized',
        since: server.now(),
      } satisfies ServerStatusMessage),
  });
  const handle: ServerStatusHubHandle = {
    status: current,
    publishStatus(message) {
      server.broadcast(HUB, HUB_MESSAGES.serverStatusChanged, message);
    },
    sendServerInfoMessage(text) {
      server.broadcast(HUB, HUB_MESSAGES.sendServerInfoMessage, text);
    },
    dispose: () => off(),
  };
  const off = plant.on('serverStatus', (status, since) => handle.publishStatus({ status, since }));
  return handle;
}
