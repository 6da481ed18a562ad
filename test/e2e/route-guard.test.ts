import { App, ExpressReceiver } from '@slack/bolt';
import { SEED_IDS } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { FINDING_ACTION_IDS, FORM_CALLBACK_IDS } from '../../src/blockkit/action-table.js';
import {
  AccessReviewCallback,
  AccessReviewId,
  ApprovalId,
  ASSIGN_CALLBACK_ID,
  AttestId,
  BULK_FORM_KINDS,
  bulkCallbackId,
  CampaignActionId,
  ContainId,
  HistoryId,
  LifecycleId,
  OwnerActionId,
  ReviewId,
  RollupId,
  ShortcutId,
  TASK_ACTION_ID,
} from '../../src/blockkit/ids.js';
import { renderInfoModal } from '../../src/blockkit/info-modal.js';
import { formNotValid, notValid, viewNotValid } from '../../src/blockkit/interaction-words.js';
import { ANSWERS } from '../../src/domain/attest.js';
import { POLICY_ACTIONS } from '../../src/domain/policy.js';
import { registerListeners } from '../../src/listeners/index.js';
import { COMMANDS } from '../../src/listeners/routes/commands.js';
import { RecentKeys } from '../../src/slack/recent-keys.js';
import { WorkQueue } from '../../src/slack/work-queue.js';
import { type Lane, lanePerTest } from '../helpers/lane.js';
import { sealedMetadata } from '../helpers/view-seal.js';

/**
 * One guard test over every route (issue: the interaction is the unit). Every id registered with
 * Bolt has a row here, and each row is tried as a forged value, a guest, a member without the
 * permission, a request from another workspace and a Slack Connect partner in a shared channel:
 * each is refused in words — the last two by the middleware, which names why (issue 36, item 15:
 * no silent door) — and the tenant is never called. Requests go through Bolt's own dispatch (`processEvent`), the real
 * middleware and runner, against the simulated tenant and the local Slack on loopback.
 */

// Everyone but Alice is without every permission.
const YAML = `permissions:\n${POLICY_ACTIONS.map((a) => `  ${a}: { users: [U0ALICE] }`).join('\n')}\n`;
const FORGED = '../../x';
/** What the middleware tells a person it turns away (connect-words.ts). */
const NOT_INSTALLED = /Warden is not installed in your workspace/;
const OUTSIDER = /People outside .+ cannot act on findings/;

/** How a row's click is built: the resource it names, and the modal it is in. */
interface Row {
  value: (r: Resources) => string;
  view?: (r: Resources) => string;
  /** Changes nothing and asks nothing: no refusal to see (e.g. ticking a box). */
  none?: true;
  /** Clicked on the roll-up's summary rather than the finding's card. */
  onSummary?: true;
}
interface Resources {
  findingId: string;
  groupId: string;
}

const onCard: Row = { value: (r) => r.findingId };
/** On the roll-up's summary message (the buttons' value must be that roll-up's: belongs.ts). */
const inGroup: Row = { value: (r) => r.groupId, onSummary: true };
const inReview = (value: (r: Resources) => string): Row => ({
  value,
  view: (r) => JSON.stringify({ groupId: r.groupId, page: 0 }),
});

const REVIEW_SCOPE = JSON.stringify({ c: 'AR_Q4', a: SEED_IDS.apps.github, p: 0 });
const inReviewModal = (value: (r: Resources) => string): Row => ({ value, view: () => REVIEW_SCOPE });

const ACTIONS: Record<string, Row> = {
  ...Object.fromEntries(FINDING_ACTION_IDS.map((id) => [id, onCard])),
  [TASK_ACTION_ID]: onCard,
  [OwnerActionId.notify]: onCard,
  [OwnerActionId.assign]: onCard,
  [OwnerActionId.history]: onCard,
  [HistoryId.prev]: { value: () => '0', view: (r) => JSON.stringify({ findingId: r.findingId, page: 1 }) },
  [HistoryId.next]: { value: () => '1', view: (r) => JSON.stringify({ findingId: r.findingId, page: 0 }) },
  [RollupId.review]: inGroup,
  [RollupId.reopenAll]: inGroup,
  [RollupId.snoozeAll]: inGroup,
  [RollupId.suppressAll]: inGroup,
  [RollupId.acceptAll]: inGroup,
  [RollupId.openCard]: onCard,
  // Find a finding's Open card, in the search's modal.
  [ShortcutId.openCard]: { value: (r) => r.findingId, view: () => '{}' },
  [ReviewId.pick]: { ...inReview(() => ''), none: true },
  [ReviewId.prev]: inReview(() => '0'),
  [ReviewId.next]: inReview(() => '1'),
  [ReviewId.finding]: inReview((r) => `snooze ${r.findingId}`),
  ...Object.fromEntries(
    [...BULK_FORM_KINDS, 'reopen'].map((k) => [`${ReviewId.pickedPrefix}${k}`, inReview(() => '')]),
  ),
  // A request and a job Warden does not have: refused in words before any tenant call.
  [ApprovalId.approve]: { value: () => 'APR_UNKNOWN' },
  [ApprovalId.deny]: { value: () => 'APR_UNKNOWN' },
  [LifecycleId.extend]: { value: () => 'JOB_UNKNOWN' },
  [LifecycleId.letEnd]: { value: () => 'JOB_UNKNOWN' },
  // An attestation Warden does not have (only the asked person may answer: attest.test.ts).
  ...Object.fromEntries(
    ANSWERS.map((a) => [`${AttestId.answerPrefix}${a}`, { value: () => `ask_unknown0000 ${a}` }]),
  ),
  [AttestId.resolve]: { value: () => 'ask_unknown0000' },
  [AttestId.note]: { value: () => 'ask_unknown0000' },
  // Contain… on the card and in a thread; a containment Warden does not have.
  [ContainId.open]: onCard,
  [ContainId.offer]: onCard,
  [ContainId.approve]: { value: () => 'ctn_unknown000' },
  [ContainId.deny]: { value: () => 'ctn_unknown000' },
  ...Object.fromEntries(
    Object.values(CampaignActionId).map((id) => [id, { value: () => JSON.stringify({ c: 'ACR_Q3', p: 0 }) }]),
  ),
  // Access reviews in Slack: the Home tab's and a notice's buttons, the Review modal's (in it).
  [AccessReviewId.link]: { value: () => 'link' },
  [AccessReviewId.open]: { value: () => REVIEW_SCOPE },
  [AccessReviewId.verified]: {
    value: () => JSON.stringify({ t: 'TK_Q4_01', s: 'PS_1', c: 'AR_Q4', a: SEED_IDS.apps.github }),
  },
  [AccessReviewId.prev]: inReviewModal(() => REVIEW_SCOPE),
  [AccessReviewId.next]: inReviewModal(() => REVIEW_SCOPE),
  [AccessReviewId.unchanged]: inReviewModal(() => REVIEW_SCOPE),
  ...Object.fromEntries(
    [AccessReviewId.certify, AccessReviewId.revoke, AccessReviewId.reassign, AccessReviewId.comment].map(
      (id) => [id, inReviewModal(() => JSON.stringify({ t: 'TK_Q4_01', s: 'PS_TK_Q4_01_1' }))],
    ),
  ),
};
const VIEWS = [
  ...FORM_CALLBACK_IDS,
  ...BULK_FORM_KINDS.map(bulkCallbackId),
  ASSIGN_CALLBACK_ID,
  ApprovalId.approve,
  ApprovalId.deny,
  AttestId.note,
  ContainId.form,
  ShortcutId.attach,
  ShortcutId.report,
  ShortcutId.find,
  ...Object.values(AccessReviewCallback).filter((id) => id !== AccessReviewCallback.modal),
];
const EVENTS = ['app_home_opened', 'link_shared', 'user_change'];

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

const lane = lanePerTest();

async function setUp() {
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
}

/** What the person was told since `from`: ephemerals, and modals opened or changed. */
function toldSince(l: Lane, from: { ephemerals: number; views: Map<string, string> }) {
  const ephemerals = l.slack.ephemerals.slice(from.ephemerals).map((e) => e.text ?? '');
  const modals = [...l.slack.views.entries()]
    .map(([id, v]) => [id, JSON.stringify(v.view)] as const)
    .filter(([id, shown]) => from.views.get(id) !== shown)
    .map(([, shown]) => shown);
  return [...ephemerals, ...modals];
}
const mark = (l: Lane) => ({
  ephemerals: l.slack.ephemerals.length,
  views: new Map([...l.slack.views.entries()].map(([id, v]) => [id, JSON.stringify(v.view)])),
});

describe('every registered route refuses what it must, and calls the tenant for none of it', () => {
  it('has a row for every id registered with Bolt, and registers every row', async () => {
    const { bolt } = await setUp();
    const { registered } = bolt;
    expect([...registered.actions].sort()).toEqual(Object.keys(ACTIONS).sort());
    expect([...registered.views].sort()).toEqual([...VIEWS].sort());
    expect(registered.events).toEqual(EVENTS);
    expect(registered.commands).toEqual(['/warden']);
  });

  it.each(Object.entries(ACTIONS))('%s', async (id, row) => {
    const { l, click } = await setUp();
    const before = l.tenant.requests.length;
    const said = async (who: Parameters<typeof click>[2], value?: string) => {
      const from = mark(l);
      await click(id, row, who, value);
      return toldSince(l, from).join('\n');
    };
    // A forged value: one sentence, before any I/O.
    const forged = await said({ user: 'U0ALICE' }, FORGED);
    if (row.none) expect(forged).toBe('');
    else expect(forged).toContain(row.view ? viewNotValid() : notValid());
    // A guest, and a member without the permission: refused in words (or the resource is gone).
    for (const user of ['U0GUEST', 'U0BOB']) {
      const told = await said({ user });
      if (row.none) expect(told).toBe('');
      else expect(told).toMatch(/:no_entry_sign:|not known to Warden|no longer current|does not exist/);
    }
    // From another workspace, and a partner's person in a shared channel: turned away, told why.
    expect(await said({ user: 'U0ALICE', team: 'T0ELSEWHERE' })).toMatch(NOT_INSTALLED);
    expect(await said({ user: 'U0EXTERNAL', userTeam: 'T0PARTNER' })).toMatch(OUTSIDER);
    expect(l.tenant.requests.slice(before)).toEqual([]);
  });

  it.each(VIEWS)('form %s', async (callbackId) => {
    const { l, send, team, r } = await setUp();
    const before = l.tenant.requests.length;
    const submit = (user: string, metadata: string, userTeam = team, from = team) =>
      send({
        type: 'view_submission',
        team: { id: from },
        user: { id: user, team_id: userTeam },
        view: { id: 'V0FORM', callback_id: callbackId, private_metadata: metadata, state: { values: {} } },
      });
    // Forged metadata (not sealed by Warden): the form is replaced by one sentence in the ack,
    // nothing sent. Find a finding's search keeps no metadata: what it reads is the (empty)
    // field, refused on it.
    expect(JSON.stringify(await submit('U0ALICE', FORGED))).toContain(
      JSON.stringify(formNotValid()).slice(1, -1),
    );
    if (callbackId === ShortcutId.find)
      expect(JSON.stringify(await submit('U0ALICE', ''))).toContain('"response_action":"errors"');
    // A guest or a member without the permission gets field errors or a refusal, never a change.
    const meta = sealedMetadata(
      l.slack.signingSecret,
      callbackId,
      JSON.stringify({ findingId: r.findingId, channel: 'C0SECOPS', tz: 'UTC', groupId: r.groupId }),
    );
    for (const user of ['U0GUEST', 'U0BOB']) {
      const from = mark(l);
      const acked = await submit(user, meta);
      const told = `${JSON.stringify(acked ?? '')}${toldSince(l, from).join('\n')}`;
      expect(told).toMatch(/errors|:no_entry_sign:|could not be read/);
    }
    // Turned away by the middleware: the form is replaced by a sentence naming why.
    const outsider = await submit('U0EXTERNAL', meta, 'T0PARTNER');
    expect(outsider).toMatchObject({ response_action: 'update' });
    expect(JSON.stringify(outsider)).toMatch(OUTSIDER);
    expect(JSON.stringify(await submit('U0ALICE', meta, 'T0ELSEWHERE', 'T0ELSEWHERE'))).toMatch(
      NOT_INSTALLED,
    );
    expect(l.tenant.requests.slice(before)).toEqual([]);
  });

  it.each(Object.keys(COMMANDS).filter((k) => k !== 'approvals'))('/warden %s', async (kind) => {
    const { l, send, team } = await setUp();
    const before = l.tenant.requests.length;
    const words: Record<string, string> = {
      createTask: 'task FND_SA_UNOWNED',
      acceptRisk: 'accept-risk FND_SA_UNOWNED',
      campaign: 'campaign ACR_Q3',
      snooze: 'snooze FND_SA_UNOWNED 7d waiting',
      suppress: 'suppress FND_SA_UNOWNED test rig',
      resolve: 'resolve FND_SA_UNOWNED fixed',
      report: 'report 7',
    };
    for (const user of ['U0GUEST', 'U0BOB']) {
      const from = mark(l);
      await send({
        command: '/warden',
        text: words[kind] ?? `${kind} FND_SA_UNOWNED`,
        team_id: team,
        user_id: user,
        channel_id: 'C0SECOPS',
        trigger_id: l.slack.issueTriggerId(user),
      });
      expect(toldSince(l, from).join('\n')).toMatch(/:no_entry_sign:/);
    }
    // Turned away by the middleware, in the ack: another workspace, a partner in a shared channel.
    const command = (user: string, from: string, userTeam?: string) =>
      send({
        command: '/warden',
        text: words[kind] ?? `${kind} FND_SA_UNOWNED`,
        team_id: from,
        user_id: user,
        ...(userTeam ? { user_team_id: userTeam } : {}),
        channel_id: 'C0SECOPS',
        trigger_id: l.slack.issueTriggerId(user),
      });
    expect(JSON.stringify(await command('U0ALICE', 'T0ELSEWHERE'))).toMatch(NOT_INSTALLED);
    expect(JSON.stringify(await command('U0EXTERNAL', team, 'T0PARTNER'))).toMatch(OUTSIDER);
    expect(l.tenant.requests.slice(before)).toEqual([]);
  });
});

describe('a failure after the ack reaches the person, with a ref', () => {
  it('Review… while the store fails: the modal says so, it is not left on Loading…', async () => {
    const { l, click, r } = await setUp();
    l.ports.rollups.get = async () => {
      throw new Error('SQLITE_IOERR: disk I/O error');
    };
    const from = mark(l);
    await click(RollupId.review, inGroup, { user: 'U0ALICE' });
    const [modal] = toldSince(l, from);
    expect(modal).toMatch(/Something went wrong in Warden.*ref/);
    expect(modal).not.toMatch(/Loading/);
    expect(r.groupId).toBeTruthy();
  });

  it('Reopen while the in-flight claim fails: the person is told, with a ref', async () => {
    const { l, send, team } = await setUp();
    await send({
      command: '/warden',
      text: 'snooze FND_SA_UNOWNED 7d waiting on vendor',
      team_id: team,
      user_id: 'U0ALICE',
      channel_id: 'C0SECOPS',
      trigger_id: l.slack.issueTriggerId('U0ALICE'),
    });
    const card = (await l.store.messagesFor('FND_SA_UNOWNED')).at(-1);
    l.ports.inflight.claim = async () => {
      throw new Error('database is locked');
    };
    const from = mark(l);
    const reopen = FINDING_ACTION_IDS.find((id) => id.endsWith('.reopen')) ?? '';
    await send({
      type: 'block_actions',
      team: { id: team },
      user: { id: 'U0ALICE', team_id: team },
      channel: { id: 'C0SECOPS' },
      container: { message_ts: card?.ts, channel_id: 'C0SECOPS' },
      trigger_id: l.slack.issueTriggerId('U0ALICE'),
      actions: [{ action_id: reopen, value: 'FND_SA_UNOWNED' }],
    });
    expect(toldSince(l, from).join('\n')).toMatch(/Something went wrong in Warden.*ref/);
  });
});

describe('a click acts only on what its own message or modal carries (issue 36, item 16)', () => {
  /**
   * Forged but well formed: a value naming another roll-up, request or finding that exists (and
   * that Alice, who holds every permission, could act on from its own message) than the message
   * or modal the click came from. Refused in words, nothing asked of the tenant; the same click
   * with its own message's value goes through.
   */
  async function twoOfEach() {
    const s = await setUp();
    const { l } = s;
    // Another roll-up (of another channel) with its own summary and its own finding.
    const other = await l.store.addToRollup('C0OTHER', 'FND_DECOY_USED', {}, Date.now(), 60_000);
    const otherTs = l.slack.seedMessage('C0OTHER', 'another summary');
    await l.store.markPublished(other.groupId, otherTs, 1, Date.now());
    const approval = async (findingId: string) => {
      const a = await l.store.createApproval({
        findingId,
        requesterId: 'U0BOB',
        justification: 'vendor fix due',
        riskExpiresAt: Date.now() + 7 * 86_400_000,
        channel: 'C0SECOPS',
        messageTs: null,
        createdAt: Date.now(),
        expireAt: Date.now() + 86_400_000,
      });
      const ts = l.slack.seedMessage('C0SECOPS', 'request');
      await l.store.setApprovalRequestTs(a.id, ts);
      return { id: a.id, ts };
    };
    return { ...s, other, a1: await approval('FND_SA_UNOWNED'), a2: await approval('FND_DECOY_USED') };
  }
  const onMessage = (s: Awaited<ReturnType<typeof twoOfEach>>, id: string, value: string, ts: string) =>
    s.send({
      type: 'block_actions',
      team: { id: s.team },
      user: { id: 'U0ALICE', team_id: s.team },
      channel: { id: 'C0SECOPS' },
      container: { message_ts: ts, channel_id: 'C0SECOPS' },
      trigger_id: s.l.slack.issueTriggerId('U0ALICE'),
      response_url: s.l.slack.responseUrl(),
      actions: [{ action_id: id, value }],
    });
  const SUMMARY_BUTTONS = [
    RollupId.review,
    RollupId.reopenAll,
    RollupId.snoozeAll,
    RollupId.suppressAll,
    RollupId.acceptAll,
  ];

  it.each(SUMMARY_BUTTONS)('%s on one roll-up’s summary naming another roll-up', async (id) => {
    const s = await twoOfEach();
    expect(s.other.groupId).not.toBe(s.r.groupId);
    const group = await s.l.store.rollupGroup(s.r.groupId);
    const before = s.l.tenant.requests.length;
    const from = mark(s.l);
    await onMessage(s, id, s.other.groupId, group?.summaryTs ?? '');
    expect(toldSince(s.l, from).join('\n')).toContain(notValid());
    expect(s.l.tenant.requests.slice(before)).toEqual([]);
    // Its own value on its own summary is not refused as forged.
    const own = mark(s.l);
    await onMessage(s, id, s.r.groupId, group?.summaryTs ?? '');
    expect(toldSince(s.l, own).join('\n')).not.toContain(notValid());
  });

  it.each([ApprovalId.approve, ApprovalId.deny])(
    '%s on one request’s message naming another request',
    async (id) => {
      const s = await twoOfEach();
      const from = mark(s.l);
      await onMessage(s, id, s.a2.id, s.a1.ts);
      expect(toldSince(s.l, from).join('\n')).toContain(notValid());
      expect((await s.l.store.getApproval(s.a2.id))?.status).toBe('pending');
      const own = mark(s.l);
      await onMessage(s, id, s.a1.id, s.a1.ts);
      expect(toldSince(s.l, own).join('\n')).not.toContain(notValid());
    },
  );

  it('Review → ⋯ in one roll-up’s modal naming a finding of another roll-up', async () => {
    const s = await twoOfEach();
    const before = s.l.tenant.requests.length;
    const inReviewOf = (value: string) =>
      s.send({
        type: 'block_actions',
        team: { id: s.team },
        user: { id: 'U0ALICE', team_id: s.team },
        // As the table's other clicks in a modal, a channel to answer in.
        channel: { id: 'C0SECOPS' },
        container: { type: 'view', view_id: 'V0REVIEW' },
        trigger_id: s.l.slack.issueTriggerId('U0ALICE'),
        view: {
          id: 'V0REVIEW',
          type: 'modal',
          private_metadata: sealedMetadata(
            s.l.slack.signingSecret,
            '',
            JSON.stringify({ groupId: s.r.groupId, page: 0 }),
          ),
          state: { values: {} },
        },
        actions: [{ action_id: ReviewId.finding, value }],
      });
    const from = mark(s.l);
    await inReviewOf('reopen FND_DECOY_USED');
    expect(toldSince(s.l, from).join('\n')).toContain(notValid());
    expect(s.l.tenant.requests.slice(before)).toEqual([]);
  });
});

describe('shortcuts from outside are told why too (issue 36, item 15)', () => {
  it('a message shortcut by a partner in a shared channel: on its response_url; a global one from another workspace: an info modal', async () => {
    const { l, send, team } = await setUp();
    const before = l.tenant.requests.length;
    const from = mark(l);
    await send({
      type: 'message_action',
      callback_id: ShortcutId.attach,
      team: { id: team },
      user: { id: 'U0EXTERNAL', team_id: 'T0PARTNER' },
      channel: { id: 'C0SECOPS' },
      message: { ts: '1763800000.000100', text: 'look at this' },
      message_ts: '1763800000.000100',
      trigger_id: l.slack.issueTriggerId('U0EXTERNAL'),
      response_url: l.slack.responseUrl(),
    });
    expect(toldSince(l, from).join('\n')).toMatch(OUTSIDER);
    const again = mark(l);
    await send({
      type: 'shortcut',
      callback_id: ShortcutId.find,
      team: { id: 'T0ELSEWHERE' },
      user: { id: 'U0ALICE', team_id: 'T0ELSEWHERE' },
      trigger_id: l.slack.issueTriggerId('U0ALICE'),
    });
    expect(toldSince(l, again).join('\n')).toMatch(NOT_INSTALLED);
    expect(l.tenant.requests.slice(before)).toEqual([]);
  });
});
