import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WorkspaceChange } from './types.js';
import type { Workspace } from './workspace.js';

/**
 * The workspace's changes pushed to a client as server-sent events (text/event-stream), the way a
 * Slack client is told of new messages without asking: first one `snapshot` event with what the
 * client shows, then one `change` event per change it may see. A client that loses the
 * connection reconnects (EventSource does by itself) and gets a fresh snapshot.
 */

export interface EventStreamOptions {
  /** What the client shows when it connects. */
  snapshot(): unknown;
  /** What the client is told of a change, or undefined when it is not theirs to see. */
  select(change: WorkspaceChange): unknown;
  /** A comment line this often keeps proxies and the browser from closing an idle stream. */
  heartbeatMs?: number;
}

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export function streamChanges(
  ws: Workspace,
  req: IncomingMessage,
  res: ServerResponse,
  opts: EventStreamOptions,
): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
  });
  // The snapshot and the subscription happen in one turn of the event loop: no change falls
  // between them.
  res.write('retry: 1000\n\n');
  res.write(frame('snapshot', opts.snapshot()));
  const unwatch = ws.watch((change) => {
    const seen = opts.select(change);
    if (seen !== undefined) res.write(frame('change', seen));
  });
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), opts.heartbeatMs ?? 15_000);
  const stop = () => {
    clearInterval(heartbeat);
    unwatch();
  };
  req.on('close', stop);
  res.on('error', stop);
}
