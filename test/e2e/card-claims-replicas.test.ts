import { createLocalSlack, type JsonFinding, type LocalSlack, type SlackMessage } from '@warden/simulators';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import type { Store } from '../../src/ports/store.js';
import { type Harness, settle, startHarness, waitFor } from '../helpers/harness.js';
import { sendSignedAlert } from '../helpers/signed-alert.js';
import { backends } from '../helpers/stores.js';
import { startSandbox } from '../helpers/tenant.js';

/**
 * Issue 36, item 18: in a chaos soak an alert and news of the same finding, 0.2–0.4 s apart,
 * landed on two replicas; each looked for the finding's card, found none, and posted one (or one
 * posted a card while the other put the finding in a roll-up). Outbox rows are claimed per row,
 * not per finding. Now the delivery worker claims the finding's card in the channel before it
 * decides anything (the claim `show` takes, usecases/shared/card-claim.ts): the second row waits,
 * untried, until the first card is recorded, then replaces it.
 *
 * Two Wardens on one PostgreSQL store; the local Slack takes its time answering the first post
 * (1.5 s), so the second replica's row arrives while the first card is on its way, every time.
 */

const CHANNEL = 'C0ALERTS';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const pg = backends().filter((b) => b.name === 'postgres');

async function twoReplicas(yaml: string): Promise<{ a: Harness; b: Harness; slack: LocalSlack }> {
  const [backend] = pg;
  if (!backend) throw new Error('PostgreSQL only');
  const db = await backend.fresh();
  const stores: Store[] = [await db.open(), await db.open()];
  const [one, two] = stores;
  if (!one || !two) throw new Error('no stores');
  const tenant = await startSandbox();
  const slack = await createLocalSlack();
  const file = parseConfigFile(yaml, 'replicas.yaml');
  const rollup = yaml.includes('rollup: {');
  const [a, b] = await Promise.all([
    startHarness({ slack, tenant, store: one, file, rollup }),
    startHarness({ slack, tenant, store: two, file, rollup }),
  ]);
  cleanups.push(
    () => db.cleanup(),
    ...stores.map((s) => () => s.close()),
    () => tenant.close(),
    () => slack.close(),
    () => a.close(),
    () => b.close(),
  );
  return { a, b, slack };
}

const cardsOf = (slack: LocalSlack, id: string): SlackMessage[] =>
  slack.messages.filter(
    (m) => m.channel === CHANNEL && !m.thread_ts && JSON.stringify(m.blocks ?? []).includes(`\`${id}\``),
  );

/** The finding as the tenant has it, and the same finding recurred (news of it). */
function findingAndNews(h: Harness, id: string): [JsonFinding, JsonFinding] {
  const finding = h.tenant.findings.get(id, Date.now());
  if (!finding) throw new Error(`no ${id}`);
  const recurred = { ...finding, recurrenceCount: Number(finding.recurrenceCount ?? 1) + 1 };
  return [finding, recurred];
}

describe.runIf(pg.length > 0)('one card per finding across replicas (PostgreSQL)', () => {
  // Over 3 s by nature: two Wardens, and a post Slack answers after 1.5 s of real time.
  it('an alert on one replica and news of it on the other 0.3 s later make one card, the news replacing it', async () => {
    const { a, b, slack } = await twoReplicas('delivery:\n  rollup: { enabled: false }\n');
    const id = 'FND_UNUSED_SECRET';
    const [alert, news] = findingAndNews(a, id);
    slack.fail({ method: 'chat.postMessage', channel: CHANNEL, latencyMs: 1_500 });
    await sendSignedAlert(a, alert);
    await settle(300);
    await sendSignedAlert(b, news);
    const sent = async () => {
      const rows = await a.warden.store.listOutbox({ limit: 10 });
      const mine = rows.filter((r) => r.findingId === id);
      return mine.length === 2 && mine.every((r) => r.status === 'sent');
    };
    await waitFor(sent, 15_000, 'both alerts delivered');
    await settle(1_000);
    const cards = cardsOf(slack, id);
    expect(cards).toHaveLength(1);
    const [card] = cards;
    if (!card) throw new Error('no card');
    // the news replaced the one card, and the index has that card only
    expect(slack.callsOf('chat.update').filter((c) => c.args.ts === card.ts).length).toBeGreaterThan(0);
    expect((await a.warden.store.messagesFor(id)).map((m) => m.ts)).toEqual([card.ts]);
  }, 60_000);

  it('a card posted on one replica while a flood reaches the other: the finding is not also rolled up', async () => {
    const { a, b, slack } = await twoReplicas(
      'delivery:\n  rollup: { threshold: 3, window: 30s, updateEvery: 1s }\n',
    );
    const id = 'FND_UNUSED_SECRET';
    const [alert, news] = findingAndNews(a, id);
    slack.fail({ method: 'chat.postMessage', channel: CHANNEL, latencyMs: 2_000 });
    await sendSignedAlert(a, alert);
    await settle(300);
    // a flood on B: five other findings, and news of the one A is posting
    const others = [
      'FND_SA_UNOWNED',
      'FND_DECOY_USED',
      'FND_CRED_EXPOSED',
      'FND_NHI_UNOWNED',
      'FND_DEACTIVATED_OWNER',
    ];
    for (const other of others) {
      const f = b.tenant.findings.get(other, Date.now());
      if (f) await sendSignedAlert(b, { ...f, severity: 'FINDING_SEVERITY_MEDIUM' });
    }
    await sendSignedAlert(b, { ...news, severity: 'FINDING_SEVERITY_MEDIUM' });
    await waitFor(async () => {
      const rows = await a.warden.store.listOutbox({ limit: 50 });
      return rows.length >= 7 && rows.every((r) => r.status === 'sent') ? rows : undefined;
    }, 20_000);
    await settle(1_500);
    expect(cardsOf(slack, id)).toHaveLength(1);
    // the finding is in no roll-up: its news went to its card
    expect(await a.warden.store.rollupsOf(id)).toEqual([]);
    const listings = slack.messages.filter((m) => m.thread_ts && m.text?.includes(id));
    expect(listings.filter((m) => !cardsOf(slack, id).some((c) => c.ts === m.thread_ts))).toHaveLength(0);
  }, 60_000);
});
