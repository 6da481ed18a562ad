/**
 * Load generator, run as its own process so it does not share a CPU queue with the server it
 * measures. Closed loop: `connections` loops each send the next request as soon as the last one
 * was answered, for `durationMs`. Requests are correctly signed, as Slack (or an alert sender)
 * signs them. Prints one JSON result on stdout.
 *
 * argv: <path of a JSON LoadConfig>
 */
import { readFileSync } from 'node:fs';
import {
  blockActionBody,
  mintTriggerId,
  slackSignature,
  slashCommandBody,
  viewSubmissionBody,
} from '@warden/simulators';
import { Pool } from 'undici';
import { signedPostSignature } from '../src/intake/verify-signed-post.js';
import { createViewSeal } from '../src/slack/view-seal.js';

export type LoadKind = 'button' | 'submit' | 'command' | 'webhook';

export interface LoadItem {
  findingId: string;
  ts: string;
}

export interface LoadConfig {
  origin: string;
  kind: LoadKind;
  connections: number;
  durationMs: number;
  signingSecret: string;
  alertsSecret: string;
  channel: string;
  responseUrl: string;
  /** Findings with an alert each; used in turn (button: the first only). */
  items: LoadItem[];
  /** Open loop at this many requests a second instead of the closed loop. */
  rate?: number;
}

export interface LoadResult {
  kind: LoadKind;
  requests: number;
  errors: number;
  errorSamples: string[];
  elapsedMs: number;
  /** Ack latencies in ms, sorted. */
  ackMs: number[];
  /** For matching Slack side effects: [key, sent at (epoch ms)]. */
  sent: [string, number][];
}

const config: LoadConfig = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8'));
const actor = { userId: 'U0ALICE', userName: 'alice', teamId: 'T0WARDEN', channelId: config.channel };
const pool = new Pool(config.origin, {
  connections: config.connections,
  pipelining: 1,
  keepAliveTimeout: 30_000,
});

let next = 0;
/** Warden refuses a submission whose metadata it did not write (slack/view-seal.ts): seal it as Warden does. */
const seal = createViewSeal(config.signingSecret);

/** The next request: path, headers, body and the key its Slack side effect will carry. */
function build(): { path: string; headers: Record<string, string>; body: string; key: string } {
  const now = Date.now();
  const ts = String(Math.floor(now / 1000));
  const slackHeaders = (body: string) => ({
    'content-type': 'application/x-www-form-urlencoded',
    'x-slack-request-timestamp': ts,
    'x-slack-signature': slackSignature(config.signingSecret, Number(ts), body),
  });
  switch (config.kind) {
    case 'button': {
      const item = config.items[0] as LoadItem;
      const triggerId = mintTriggerId(now);
      const body = blockActionBody(actor, {
        actionId: 'finding.snooze',
        value: item.findingId,
        messageTs: item.ts,
        triggerId,
        responseUrl: config.responseUrl,
      });
      return { path: '/slack/events', headers: slackHeaders(body), body, key: triggerId };
    }
    case 'submit': {
      const item = config.items[next++ % config.items.length] as LoadItem;
      const body = viewSubmissionBody(actor, {
        viewId: 'V0BENCH',
        callbackId: 'finding.snooze',
        privateMetadata: seal.seal(
          'finding.snooze',
          JSON.stringify({ findingId: item.findingId, channel: config.channel, ts: item.ts, tz: 'UTC' }),
        ),
        values: {
          preset: { value: { type: 'static_select', selected_option: { value: '7' } } },
          reason: { value: { type: 'plain_text_input', value: 'benchmark' } },
        },
        triggerId: mintTriggerId(now),
      });
      return { path: '/slack/events', headers: slackHeaders(body), body, key: item.ts };
    }
    case 'command': {
      const index = next++;
      const item = config.items[index % config.items.length] as LoadItem;
      // A finding used again goes back the other way, so every command is a valid move.
      const round = Math.floor(index / config.items.length);
      const text = round % 2 === 0 ? `snooze ${item.findingId} 7d benchmark` : `reopen ${item.findingId}`;
      const body = slashCommandBody(actor, {
        text,
        triggerId: mintTriggerId(now),
        responseUrl: config.responseUrl,
      });
      return { path: '/slack/events', headers: slackHeaders(body), body, key: item.ts };
    }
    case 'webhook': {
      const id = `FND_LOAD_${process.pid}_${next++}`;
      const body = JSON.stringify({
        finding: {
          id,
          severity: 'FINDING_SEVERITY_HIGH',
          state: 'FINDING_STATE_OPEN',
          description: `load ${id}`,
          serviceAccountUnowned: {},
        },
      });
      return {
        path: '/hooks/findings',
        headers: {
          'content-type': 'application/json',
          'x-warden-timestamp': ts,
          'x-warden-signature': signedPostSignature(config.alertsSecret, ts, body),
        },
        body,
        key: id,
      };
    }
  }
}

async function main(): Promise<void> {
  const result: LoadResult = {
    kind: config.kind,
    requests: 0,
    errors: 0,
    errorSamples: [],
    elapsedMs: 0,
    ackMs: [],
    sent: [],
  };
  const started = performance.now();
  const deadline = started + config.durationMs;
  const one = async () => {
    const req = build();
    const sentAt = Date.now();
    const t0 = performance.now();
    try {
      const res = await pool.request({
        method: 'POST',
        path: req.path,
        headers: req.headers,
        body: req.body,
      });
      await res.body.text();
      result.requests++;
      result.ackMs.push(performance.now() - t0);
      result.sent.push([req.key, sentAt]);
      if (res.statusCode !== (config.kind === 'webhook' ? 202 : 200)) {
        result.errors++;
        if (result.errorSamples.length < 5) result.errorSamples.push(`HTTP ${res.statusCode}`);
      }
    } catch (error) {
      result.errors++;
      if (result.errorSamples.length < 5)
        result.errorSamples.push(error instanceof Error ? error.message : String(error));
    }
  };
  if (config.rate) {
    // Open loop: a request every 1/rate s, whatever the answers do.
    const interval = 1_000 / config.rate;
    const inflight: Promise<void>[] = [];
    for (let due = started; due < deadline; due += interval) {
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      inflight.push(one());
    }
    await Promise.all(inflight);
  } else {
    // Closed loop: each connection sends the next request as soon as the last was answered.
    const loop = async () => {
      while (performance.now() < deadline) await one();
    };
    await Promise.all(Array.from({ length: config.connections }, loop));
  }
  result.elapsedMs = performance.now() - started;
  result.ackMs.sort((a, b) => a - b);
  await pool.close();
  process.stdout.write(JSON.stringify(result));
}

void main();
