import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';

export type SocketEnvelopeType = 'slash_commands' | 'interactive' | 'events_api';

export interface SocketAck {
  /** What the app sent back with its ack (a command's reply, a view's errors), if anything. */
  payload: unknown;
  /** Milliseconds from sending the envelope to the ack. */
  ms: number;
}

/**
 * Slack's side of Socket Mode (api.slack.com/apis/socket-mode): apps.connections.open hands out
 * a WebSocket URL; on connect Slack says `hello`; each event is an envelope
 * `{envelope_id, type, payload, accepts_response_payload}` the app acks with `{envelope_id, payload?}`.
 */
export class SocketModeHub {
  readonly #wss = new WebSocketServer({ noServer: true });
  readonly #baseUrl: string;
  readonly #tickets = new Set<string>();
  readonly #pending = new Map<string, { sent: number; resolve: (ack: SocketAck) => void }>();
  #client: WebSocket | undefined;
  connections = 0;

  constructor(server: Server, baseUrl: string) {
    this.#baseUrl = baseUrl.replace(/^http/, 'ws');
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const ticket = (req.url ?? '').split('/socket/')[1];
      if (!ticket || !this.#tickets.has(ticket)) {
        socket.destroy();
        return;
      }
      this.#wss.handleUpgrade(req, socket, head, (ws) => this.#accept(ws));
    });
  }

  /** The answer to apps.connections.open: a one-time URL. */
  connectionUrl(): string {
    const ticket = randomBytes(8).toString('hex');
    this.#tickets.add(ticket);
    return `${this.#baseUrl}/socket/${ticket}`;
  }

  #accept(ws: WebSocket): void {
    this.#client = ws;
    this.connections++;
    ws.on('message', (data) => {
      let message: unknown;
      try {
        message = JSON.parse(String(data));
      } catch {
        return;
      }
      if (typeof message !== 'object' || message === null || !('envelope_id' in message)) return;
      const id = String(message.envelope_id);
      const waiting = this.#pending.get(id);
      if (!waiting) return;
      this.#pending.delete(id);
      waiting.resolve({
        payload: 'payload' in message ? message.payload : undefined,
        ms: performance.now() - waiting.sent,
      });
    });
    ws.send(
      JSON.stringify({
        type: 'hello',
        num_connections: 1,
        connection_info: { app_id: 'A0WARDEN' },
        debug_info: { host: 'local' },
      }),
    );
  }

  get connected(): boolean {
    return this.#client?.readyState === 1;
  }

  /**
   * Sends one envelope and waits for the app's ack. An events_api envelope carries
   * `retry_attempt` and `retry_reason` (0 and "" the first time), as Slack's does.
   */
  send(
    type: SocketEnvelopeType,
    payload: unknown,
    timeoutMs = 5_000,
    retry: { attempt: number; reason: string } = { attempt: 0, reason: '' },
  ): Promise<SocketAck> {
    const client = this.#client;
    if (client?.readyState !== 1) return Promise.reject(new Error('no Socket Mode connection'));
    const envelopeId = randomBytes(8).toString('hex');
    return new Promise<SocketAck>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(envelopeId);
        reject(new Error(`no ack within ${timeoutMs} ms`));
      }, timeoutMs);
      this.#pending.set(envelopeId, {
        sent: performance.now(),
        resolve: (ack) => {
          clearTimeout(timer);
          resolve(ack);
        },
      });
      client.send(
        JSON.stringify({
          envelope_id: envelopeId,
          type,
          payload,
          accepts_response_payload: type !== 'events_api',
          ...(type === 'events_api' ? { retry_attempt: retry.attempt, retry_reason: retry.reason } : {}),
        }),
      );
    });
  }

  close(): void {
    for (const ws of this.#wss.clients) ws.terminate();
    this.#wss.close();
  }
}
