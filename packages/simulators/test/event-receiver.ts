import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What an app's Request URL received: headers, raw body, its JSON (or form `payload`), whether Slack's signature checked out. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  json: Record<string, unknown>;
  signed: boolean;
}

/**
 * An app's Request URL on loopback that checks Slack's signature (`v0=` HMAC-SHA256 of
 * `v0:<timestamp>:<raw body>` with the signing secret) and answers each request as `answer` says
 * (its status, headers, and how long it takes), by the number of the request (0 first).
 */
export async function startReceiver(
  secret: () => string,
  answer: (n: number) => { status?: number; delayMs?: number; headers?: Record<string, string> } = () => ({}),
) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const ts = String(req.headers['x-slack-request-timestamp'] ?? '');
      const expected = `v0=${createHmac('sha256', secret()).update(`v0:${ts}:${body}`).digest('hex')}`;
      const given = String(req.headers['x-slack-signature'] ?? '');
      const signed =
        given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
      // Events come as JSON; interactivity payloads as a form with one `payload` field.
      const isJson = String(req.headers['content-type']).startsWith('application/json');
      const json: unknown = JSON.parse(isJson ? body : (new URLSearchParams(body).get('payload') ?? '{}'));
      received.push({ headers: req.headers, body, json: json as Record<string, unknown>, signed });
      const a = answer(received.length - 1);
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(a.status ?? 200, { 'content-type': 'text/plain', ...a.headers }).end('');
      }, a.delayMs ?? 0);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events`;
  return {
    url,
    received,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
