/**
 * A hub connection of the bench's own (the official SignalR client in the bench process,
 * beside the browser's): the reference for what the server sent, and when.
 */
import * as signalR from '@microsoft/signalr';

/** A connection to `hubPath` of the server at `url`, signed in with `cookie`; not started. */
export function benchHubConnection(
  url: string,
  hubPath: string,
  cookie: string | null,
): signalR.HubConnection {
  return new signalR.HubConnectionBuilder()
    .withUrl(url + hubPath, {
      headers: cookie ? { Cookie: cookie } : {},
      transport: signalR.HttpTransportType.WebSockets,
    })
    .configureLogging(signalR.LogLevel.None)
    .build();
}
