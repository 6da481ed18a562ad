import { App, ExpressReceiver } from '@slack/bolt';
import { renderInfoModal } from '../../src/blockkit/info-modal.js';
import { POLICY_ACTIONS } from '../../src/domain/policy.js';
import { registerListeners } from '../../src/listeners/index.js';
import { RecentKeys } from '../../src/slack/recent-keys.js';
import { WorkQueue } from '../../src/slack/work-queue.js';
import { type Lane, lanePerTest } from './lane.js';
import { sealedMetadata } from './view-seal.js';

/**
 * The route guard's tests (test/e2e/route-guard*.test.ts): a Bolt app with every listener
 * registered (recording what was registered), one lane per test with a card and a roll-up to
 * click on, requests sent through Bolt's own dispatch, and what the person was told since.
 */

// Everyone but Alice is without every permission.
const YAML = `permissions:\n${POLICY_ACTIONS.map((a) => `  ${a}: { users: [U0ALICE] }`).join('\n')}\n`;
/** What the middleware tells a person it turns away (connect-words.ts). */
export const NOT_INSTALLED = /Warden is not installed in your workspace/;
export const OUTSIDER = /People outside .+ cannot act on findings/;

/** How a row's click is built: the resource it names, and the modal it is in. */
export interface Row {
  value: (r: Resources) => string;
  view?: (r: Resources) => string;
  /** Changes nothing and asks nothing: no refusal to see (e.g. ticking a box). */
  none?: true;
  /** Clicked on the roll-up's summary rather than the finding's card. */
  onSummary?: true;
}
export interface Resources {
  findingId: string;
  groupId: string;
}

/** On the roll-up's summary message (the buttons' value must be that roll-up's: belongs.ts). */
export const inGroup: Row = { value: (r) => r.groupId, onSummary: true };

interface Registered {
  actions: string[];
  views: string[];
  commands: string[];
  events: string[];
}

/** A Bolt app with every listener registered, recording what was registered with it. */
function boltFor(l: Lane): { app: App; work: WorkQueue; registered: Registered } {
  const app = new App({
    token: 'xoxb-guard',
    botId: 'B0WARDEN',
    botUserId: 'U0WARDEN',
    receiver: new ExpressReceiver({ signingSecret: 'guard' }),
    clientOptions: { slackApiUrl: `${l.slack.url}/api/` },
  });
  const registered: Registered = { actions: [], views: [], commands: [], events: [] };
  const record = <F extends (...args: never[]) => unknown>(list: string[], f: F, bind: App): F =>
    ((...args: Parameters<F>) => {
      const [id] = args;
      list.push(typeof id === 'string' ? id : String(id));
      return f.apply(bind, args);
    }) as F;
  app.action = record(registered.actions, app.action, app);
  app.view = record(registered.views, app.view, app);
  app.command = record(registered.commands, app.command, app);
  app.event = record(registered.events, app.event, app);
  const work = new WorkQueue(8, 100);
  registerListeners(app, {
    workspaces: l.workspaces,
    core: l.ports,
    slashCommand: l.ports.settings.slashCommand,
    work,
    delivered: new RecentKeys(60_000),
  });
  return { app, work, registered };
}

/**
 * A lane for each test that asks (closed after it), with Alice the only one holding any
 * permission, a card and a published roll-up. Call it once at the top level of a test file.
 */
export function guardPerTest() {
  const lane = lanePerTest();
  return async function setUp() {
    const l = await lane({ yaml: YAML });
    const bolt = boltFor(l);
    const card = await l.card('FND_SA_UNOWNED');
    const { groupId } = await l.store.addToRollup('C0SECOPS', 'FND_SA_UNOWNED', {}, Date.now(), 60_000);
    const summaryTs = l.slack.seedMessage('C0SECOPS', 'summary');
    await l.store.markPublished(groupId, summaryTs, 1, Date.now());
    const r: Resources = { findingId: 'FND_SA_UNOWNED', groupId };
    const team = l.ports.settings.teamId;
    /** Sends a body through Bolt; resolves with what the ack carried once the work is done. */
    const send = async (body: Record<string, unknown>) => {
      let acked: unknown;
      await bolt.app.processEvent({
        body,
        ack: async (response) => {
          acked = response;
        },
      });
      await bolt.work.drain(10_000);
      return acked;
    };
    /** A modal of Warden's the clicks in a modal come from (Slack sends no response_url there). */
    const modalId = await l.ports.views.open(l.slack.issueTriggerId('U0ALICE'), renderInfoModal('Review'));
    const click = (
      id: string,
      row: Row,
      who: { user: string; userTeam?: string; team?: string },
      value?: string,
    ) =>
      send({
        type: 'block_actions',
        team: { id: who.team ?? team },
        user: { id: who.user, team_id: who.userTeam ?? who.team ?? team },
        channel: { id: card.channel },
        container: { message_ts: row.onSummary ? summaryTs : card.ts, channel_id: card.channel },
        trigger_id: l.slack.issueTriggerId(who.user),
        actions: [{ action_id: id, value: value ?? row.value(r) }],
        // A forged click forges the modal's metadata too (what Review and History read): without
        // Warden's seal. Otherwise the metadata is as Warden wrote it.
        ...(row.view
          ? {
              view: {
                id: modalId,
                type: 'modal',
                private_metadata: value ?? sealedMetadata(l.slack.signingSecret, '', row.view(r)),
                state: { values: {} },
              },
            }
          : { response_url: l.slack.responseUrl() }),
      });
    return { l, bolt, r, card, send, click, team };
  };
}

/** What the person was told since `from`: ephemerals, and modals opened or changed. */
export function toldSince(l: Lane, from: { ephemerals: number; views: Map<string, string> }) {
  const ephemerals = l.slack.ephemerals.slice(from.ephemerals).map((e) => e.text ?? '');
  const modals = [...l.slack.views.entries()]
    .map(([id, v]) => [id, JSON.stringify(v.view)] as const)
    .filter(([id, shown]) => from.views.get(id) !== shown)
    .map(([, shown]) => shown);
  return [...ephemerals, ...modals];
}
export const mark = (l: Lane) => ({
  ephemerals: l.slack.ephemerals.length,
  views: new Map([...l.slack.views.entries()].map(([id, v]) => [id, JSON.stringify(v.view)])),
});
