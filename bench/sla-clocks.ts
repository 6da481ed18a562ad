/**
 * Bench scenario (t), issue 38 "Speed and scale": 600 cards with SLA clocks in one channel, on
 * an injected clock moved 3 s at a time (a sweep waits for each update slot) through 27 hours
 * (their words change three times: due soon, overdue since, overdue by a day), against the local Slack with Slack's rate limits on,
 * as the flood bench measures. Warden runs in this process (its timers are the test clock). Every
 * card's warning and breach replies go to the same channel meanwhile; alerts arrive while its
 * words change. Reports per card the chat.update calls against the changes of its words, Slack's
 * 429s, how late a card showed its new words, and how long the alerts took to be posted.
 * Targets: no card updated more than once per change of words (nor with the words it already
 * showed), no 429 at all, every alert posted within Slack's own pace (≤ 60 s each).
 *
 *   npx tsx bench/sla-clocks.ts    # or BENCH_ONLY=s npm run bench
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createLocalSlack,
  createSandboxTenant,
  createTestClock,
  seedFindings,
  signedPostHeaders,
  simulatorEnv,
} from '@warden/simulators';
import { request } from 'undici';
import { createWarden } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { parseConfigFile } from '../src/config-file.js';
import { createLogger } from '../src/logger.js';
import { showFinding } from '../src/usecases/findings/show-finding.js';

const CARDS = Number(process.env.BENCH_SLA_CARDS ?? 600);
const CHANNEL = 'C0SLABENCH';
const ALERTS = 'bench-sla-alerts-secret';
const MINUTE = 60_000;
const STEP_MS = 3_000;
const HOURS = 27;
/** Alerts sent at these minutes after the cards' creation: amid the warnings, the breaches, the day. */
const ALERT_AT_MIN = [80, 90, 120, 126, 1_565, 1_580];
const YAML = `sla:
  warnAt: 0.75
  severities:
    high: { acknowledge: 2h, close: 1d }
    critical: { acknowledge: 2h, close: 1d }
`;

export interface SlaClocksResult {
  cards: number;
  virtualHours: number;
  realSeconds: number;
  updates: number;
  wordingChanges: number;
  /** Cards updated more often than their words changed, and updates that changed no words. */
  cardsOverOnePerChange: number;
  updatesWithSameWords: number;
  /** Cards whose final words were not the ones their clock says at the end. */
  cardsBehindAtEnd: number;
  /** How long after a change of words the card showed it (virtual minutes). */
  lagMinutes: { p50: number | null; max: number | null };
  http429: Record<string, number>;
  threadReplies: number;
  alerts: number;
  alertPostedMaxS: number | null;
  targets: { atMostOneUpdatePerChange: boolean; no429: boolean; alertsWithin60s: boolean };
}

/** The SLA line of a card's blocks (blockkit/sla-words.ts clockLine), or undefined. */
export function slaLineOf(blocks: unknown): string | undefined {
  const m = /"text":"(:[a-z_]+: [^"]*SLA[^"]*)"/.exec(JSON.stringify(blocks ?? []));
  return m?.[1];
}

const round = (n: number | undefined) => (n === undefined ? null : Math.round(n * 10) / 10);

export async function slaClocksScenario(): Promise<SlaClocksResult> {
  const started = Date.now();
  const clock = createTestClock();
  const tenant = await createSandboxTenant({ now: clock.now });
  const slack = await createLocalSlack({ now: clock.now, rateLimits: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'warden-bench-clocks-'));
  const file = parseConfigFile(YAML, 'bench-sla.yaml');
  const warden = await createWarden({
    config: loadConfig({
      ...simulatorEnv({ tenant, slack }),
      WARDEN_DATA_DIR: dataDir,
      ALERTS_WEBHOOK_SECRET: ALERTS,
      ALERTS_CHANNEL: CHANNEL,
      LOG_LEVEL: 'warn',
    }),
    logger: createLogger('warn'),
    file,
    timers: clock,
  });
  const port = 45_000 + Math.floor(Math.random() * 1_000);
  await warden.start(port);
  try {
    const ports = warden.portsOf();
    if (!ports) throw new Error('one workspace expected');
    const template = seedFindings().find((f) => f.id === 'FND_SA_UNOWNED');
    if (!template) throw new Error('seed missing');
    const t0 = clock.now();
    // 600 cards, created over the ten minutes before (their words change at nearby moments), posted
    // before the limits are on: what is measured is the clocks' cost, not the posting of cards.
    process.stderr.write(`(t) posting ${CARDS} cards…\n`);
    slack.rateLimits.enabled = false;
    // Warden paces its posts in a channel (one a second, on its clock): time runs on meanwhile.
    let pumping = true;
    const pump = (async () => {
      while (pumping) {
        await clock.advance(1_000);
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    for (let i = 0; i < CARDS; i++) {
      const id = `FND_CLOCK_${String(i).padStart(4, '0')}`;
      tenant.findings.put({
        ...structuredClone(template),
        id,
        severity: 'FINDING_SEVERITY_HIGH',
        createdAt: new Date(t0 - Math.floor((i / CARDS) * 10 * MINUTE)).toISOString(),
        appUserTarget: { appId: 'APP_GITHUB', appUserId: `AU_CLOCK_${i}` },
      });
      await showFinding(ports, id, CHANNEL);
    }
    pumping = false;
    await pump;
    // Each card's words over time: as posted, then each update's.
    const history = new Map<string, { at: number; line: string | undefined; update: boolean }[]>();
    for (const m of slack.messages)
      if (m.channel === CHANNEL && !m.thread_ts && m.text.length > 0)
        history.set(m.ts, [{ at: t0, line: slaLineOf(m.blocks), update: false }]);
    const cardTs = new Set(history.keys());
    slack.rateLimits.enabled = true;
    const callsFrom = slack.calls.length;

    process.stderr.write(`(t) ${HOURS} hours of clocks, 3 s at a time…\n`);
    const alertSent = new Map<string, number>();
    for (let minute = 1; minute <= HOURS * 60; minute++) {
      // A minute in steps of the SLA's share of chat.update (one every 3 s): a sweep waits for
      // each slot within its minute, as it would in real time.
      for (let step = 0; step < MINUTE / STEP_MS; step++) {
        await clock.advance(STEP_MS);
        for (let k = 0; k < 3; k++) await new Promise((r) => setImmediate(r));
      }
      const n = ALERT_AT_MIN.indexOf(minute);
      if (n >= 0) {
        const id = `FND_CLOCK_ALERT_${n}`;
        const f = { ...structuredClone(template), id, severity: 'FINDING_SEVERITY_CRITICAL' };
        tenant.findings.put({ ...f, createdAt: new Date(clock.now()).toISOString() });
        alertSent.set(id, clock.now());
        // signed at Warden's time (the injected clock), as a sender whose clock agrees
        const body = JSON.stringify({ finding: f });
        const res = await request(`http://127.0.0.1:${port}/hooks/findings`, {
          method: 'POST',
          headers: signedPostHeaders(ALERTS, body, clock.now()),
          body,
        });
        await res.body.dump();
        if (res.statusCode >= 300) throw new Error(`alert refused: ${res.statusCode}`);
        // the next two minutes a second at a time, so its posting is timed to the second
        for (let sec = 0; sec < 120; sec++) {
          await clock.advance(1_000);
          await new Promise((r) => setImmediate(r));
        }
      }
    }
    // The minute after: anything still due is given its turn (a few minutes, at most).
    for (let k = 0; k < 10; k++) await clock.advance(MINUTE);

    const calls = slack.calls.slice(callsFrom);
    // (429s are answered before Slack records a call: every update here was made.)
    for (const c of calls)
      if (c.method === 'chat.update' && cardTs.has(String(c.args.ts)))
        history.get(String(c.args.ts))?.push({ at: c.at, line: slaLineOf(c.args.blocks), update: true });
    let updates = 0;
    let wordingChanges = 0;
    let cardsOverOnePerChange = 0;
    let updatesWithSameWords = 0;
    for (const list of history.values()) {
      let changes = 0;
      let mine = 0;
      for (let i = 1; i < list.length; i++) {
        const prev = list[i - 1];
        const cur = list[i];
        if (!cur?.update) continue;
        mine++;
        if (cur.line === prev?.line) updatesWithSameWords++;
        else changes++;
      }
      updates += mine;
      wordingChanges += changes;
      if (mine > changes) cardsOverOnePerChange++;
    }
    // How late: each change's moment from the clock itself (the domain's next change of words) is
    // not read here; the lag is measured from the first card of the channel that showed the same
    // words' kind (due soon / overdue since / overdue by) to each other card showing it, less the
    // cards' own spread of creation (ten minutes).
    const kindOf = (line: string | undefined) =>
      line?.includes('(due soon)')
        ? 'soon'
        : line?.includes('overdue since')
          ? 'since'
          : line?.includes('overdue by')
            ? 'by'
            : 'other';
    const lags: number[] = [];
    for (const kind of ['soon', 'since', 'by']) {
      const ats = [...history.values()]
        .map((list) => list.find((v) => v.update && kindOf(v.line) === kind)?.at)
        .filter((x): x is number => x !== undefined)
        .sort((a, b) => a - b);
      const first = ats[0];
      if (first !== undefined) for (const at of ats) lags.push(Math.max(0, (at - first) / MINUTE - 10));
    }
    lags.sort((a, b) => a - b);
    const http429: Record<string, number> = Object.fromEntries(slack.rateLimits.served);
    const alertAt = [...alertSent].map(([id, sentAt]) => {
      const post = calls.find(
        (c) =>
          c.method === 'chat.postMessage' &&
          !c.args.thread_ts &&
          JSON.stringify(c.args.blocks ?? []).includes(`\`${id}\``),
      );
      return post ? (post.at - sentAt) / 1_000 : Number.POSITIVE_INFINITY;
    });
    const alertPostedMaxS = alertAt.length ? Math.max(...alertAt) : null;
    const final = slack.messages.filter((m) => cardTs.has(m.ts));
    if (process.env.BENCH_DEBUG)
      for (const m of final.slice(0, 5)) process.stderr.write(`${slaLineOf(m.blocks)}\n`);
    const cardsBehindAtEnd = final.filter((m) => !slaLineOf(m.blocks)?.includes('overdue by 1 day')).length;
    const no429 = Object.values(http429).every((n) => n === 0);
    return {
      cards: cardTs.size,
      virtualHours: HOURS,
      realSeconds: Math.round((Date.now() - started) / 1_000),
      updates,
      wordingChanges,
      cardsOverOnePerChange,
      updatesWithSameWords,
      cardsBehindAtEnd,
      lagMinutes: { p50: round(lags[Math.floor(lags.length / 2)]), max: round(lags.at(-1)) },
      http429,
      threadReplies: calls.filter((c) => c.method === 'chat.postMessage' && c.args.thread_ts).length,
      alerts: alertSent.size,
      alertPostedMaxS: Number.isFinite(alertPostedMaxS ?? 0) ? round(alertPostedMaxS ?? undefined) : null,
      targets: {
        atMostOneUpdatePerChange: cardsOverOnePerChange === 0 && updatesWithSameWords === 0,
        no429,
        alertsWithin60s: alertAt.every((s) => s <= 60),
      },
    };
  } finally {
    await warden.stop();
    await slack.close();
    await tenant.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function slaClocksTable(r: SlaClocksResult): string {
  const ok = (b: boolean) => (b ? '✅' : '❌');
  const refused = Object.entries(r.http429)
    .map(([m, n]) => `${m} ${n}`)
    .join(', ');
  return [
    `## (t) ${r.cards} cards with SLA clocks in one channel, ${r.virtualHours} h on an injected clock, Slack's limits on`,
    '',
    '| chat.update (cards) | changes of words | cards updated more than once a change | updates with unchanged words | cards behind at the end | lag p50 / max (min) | thread replies | 429s | alerts: posted within (max s) | real s |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| ${r.updates} | ${r.wordingChanges} | ${r.cardsOverOnePerChange} | ${r.updatesWithSameWords} | ${r.cardsBehindAtEnd} | ${r.lagMinutes.p50 ?? '–'} / ${r.lagMinutes.max ?? '–'} | ${r.threadReplies} | ${refused || '0'} | ${r.alerts}: ${r.alertPostedMaxS ?? 'not all posted'} | ${r.realSeconds} |`,
    '',
    `Targets: ≤ 1 chat.update per card per change of words ${ok(r.targets.atMostOneUpdatePerChange)}, no 429 ${ok(r.targets.no429)}, each alert posted within 60 s ${ok(r.targets.alertsWithin60s)}`,
    '',
  ].join('\n');
}

if (process.argv[1]?.endsWith('sla-clocks.ts')) {
  void slaClocksScenario().then(
    (result) => {
      process.stdout.write(`${slaClocksTable(result)}\n${JSON.stringify(result)}\n`);
      process.exit(Object.values(result.targets).every(Boolean) ? 0 : 1);
    },
    (error: unknown) => {
      process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
}
