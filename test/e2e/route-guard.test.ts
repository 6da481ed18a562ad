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
import { formNotValid, notValid, viewNotValid } from '../../src/blockkit/interaction-words.js';
import { ANSWERS } from '../../src/domain/attest.js';
import { COMMANDS } from '../../src/listeners/routes/commands.js';
import {
  guardPerTest,
  inGroup,
  mark,
  NOT_INSTALLED,
  OUTSIDER,
  type Resources,
  type Row,
  toldSince,
} from '../helpers/route-guard.js';
import { sealedMetadata } from '../helpers/view-seal.js';

/**
 * One guard test over every route (issue: the interaction is the unit). Every id registered with
 * Bolt has a row here, and each row is tried as a forged value, a guest, a member without the
 * permission, a request from another workspace and a Slack Connect partner in a shared channel:
 * each is refused in words — the last two by the middleware, which names why (issue 36, item 15:
 * no silent door) — and the tenant is never called. Requests go through Bolt's own dispatch (`processEvent`), the real
 * middleware and runner, against the simulated tenant and the local Slack on loopback.
 * The rest of the guard: route-guard-after-ack, -own-message and -shortcuts.test.ts; the lane,
 * the Bolt app and what the person was told: test/helpers/route-guard.ts.
 */

const FORGED = '../../x';

const onCard: Row = { value: (r) => r.findingId };
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

const setUp = guardPerTest();

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
