import { containFindings, SEED_IDS, viewActionBody } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { ContainId, ReviewId } from '../../src/blockkit/ids.js';
import { parseConfigFile } from '../../src/config-file.js';
import { ALICE, BOB, type Harness, harnessPerTest, settle, waitFor } from '../helpers/harness.js';

/**
 * Contain… end to end (issue 39): from the card, the form names what is taken away, from whom and
 * where; an approver approves; exactly one tenant task is made; Warden follows it to its end on
 * the card and in the thread. Failures: the tenant refusing, a target that changed, a timeout read
 * back, a task the tenant no longer knows.
 */

const start = harnessPerTest({ lane: 'inprocess' });
const CAROL = { ...BOB, userId: 'U0CAROL', userName: 'carol' };

const CONFIG = `permissions:
  contain: { approvers: S0SECLEADS }
contain:
  credentialPubliclyExposed: { actions: [revoke, offboard], stepUp: false }
  decoyCredentialUsed: { actions: [offboard], stepUp: false, fourEyes: false }
`;

async function containWarden(yaml = CONFIG): Promise<Harness> {
  const h = await start({ file: parseConfigFile(yaml, 'contain.yaml') });
  for (const f of containFindings()) h.tenant.findings.put(f);
  return h;
}

const revokes = (h: Harness) => h.tenant.requests.filter((r) => r.path === '/api/v1/task/revoke');
const offboards = (h: Harness) => h.tenant.requests.filter((r) => r.path === '/api/v1/task/offboarding');
const thread = (h: Harness, ts: string) => h.slack.thread('C0SECOPS', ts).map((m) => m.text);
const cardText = (h: Harness, ts: string) =>
  JSON.stringify(h.slack.messages.find((m) => m.ts === ts)?.blocks);

async function askToRevoke(h: Harness, findingId: string, choice: string) {
  const ts = await h.postAlert(findingId);
  expect(cardText(h, ts)).toContain(ContainId.open);
  await h.click(ContainId.open, findingId, ts);
  const form = await h.form(ContainId.form);
  const shown = JSON.stringify(form.view.view.blocks);
  await form.submit({ 'What to take away': choice, Why: 'Token leaked in a public issue' });
  return { ts, shown };
}

describe('Contain… on a card', () => {
  it('revoke: the form names it, an approver approves, one task, followed to done on the card and in the thread', async () => {
    const h = await containWarden();
    const { ts, shown } = await askToRevoke(
      h,
      'FND_CTN_SERVICE',
      'Revoke Organization admin from deploy-bot',
    );
    // Names from the tenant, never ids alone.
    expect(shown).toContain('*Organization admin* in *GitHub* from the account *deploy-bot*');
    const request = await waitFor(
      () => h.slack.thread('C0SECOPS', ts).find((m) => /asks to revoke/.test(m.text)),
      5_000,
      'the request',
    );
    expect(revokes(h)).toHaveLength(0);
    // The requester may not approve their own; carol (an approver) does.
    const id = String(JSON.stringify(request.blocks).match(/ctn_[a-z0-9]+/)?.[0]);
    await h.click(ContainId.approve, id, request.ts, ALICE);
    await waitFor(
      () => h.slack.ephemerals.find((e) => /asked for this containment yourself/.test(e.text)),
      5_000,
      'own request refused',
    );
    expect(revokes(h)).toHaveLength(0);
    await Promise.all([
      h.click(ContainId.approve, id, request.ts, CAROL),
      h.click(ContainId.approve, id, request.ts, BOB),
    ]);
    await waitFor(() => thread(h, ts).some((t) => /started to revoke/.test(t)), 5_000, 'the task made');
    await settle(200);
    expect(revokes(h)).toHaveLength(1);
    expect(JSON.parse(revokes(h)[0]?.body ?? '{}')).toMatchObject({
      appId: SEED_IDS.apps.github,
      appEntitlementId: SEED_IDS.entitlements.ghOrgAdmin,
      appUserId: SEED_IDS.appUsers.deployBot,
      description: expect.stringContaining(`warden-contain:${id}`),
    });
    const [task] = h.tenant.accessTasks.all();
    if (!task) throw new Error('no task');
    await waitFor(() => cardText(h, ts).includes('waiting for an approval in the tenant'), 5_000, 'the card');
    h.tenant.accessTasks.advance(task.id);
    await h.clock.advance('10s');
    await waitFor(() => thread(h, ts).some((t) => /being carried out/.test(t)), 5_000, 'provisioning told');
    h.tenant.accessTasks.advance(task.id);
    await h.clock.advance('30s');
    await waitFor(
      () => cardText(h, ts).includes('done: the access is taken away'),
      5_000,
      'done on the card',
    );
    expect(thread(h, ts).some((t) => /Task `#1001`: done/.test(t))).toBe(true);
    const audit = (await h.warden.store.auditLog({ findingId: 'FND_CTN_SERVICE', limit: 50 })).map(
      (e) => `${e.action}:${e.outcome}`,
    );
    expect(audit).toEqual(
      expect.arrayContaining(['contain.request:requested', 'contain.approve:ok', 'contain.revoke:ok']),
    );
    expect(await h.warden.metrics.registry.metrics()).toMatch(
      /warden_contain_total\{action="revoke",outcome="done"\} 1/,
    );
  });

  it('offboard without four-eyes: the decoy’s owner, by name; the tenant’s refusal told in its words, nothing retried', async () => {
    const h = await containWarden();
    h.tenant.faults.add({
      method: 'POST',
      path: '/api/v1/task/offboarding',
      status: 400,
      body: { code: 9, message: 'user is already being offboarded' },
    });
    const ts = await h.postAlert('FND_CTN_DECOY');
    await h.click(ContainId.open, 'FND_CTN_DECOY', ts);
    const form = await h.form(ContainId.form);
    expect(JSON.stringify(form.view.view.blocks)).toContain('*Dave Doe*');
    await form.submit({
      'What to take away': 'Offboard Dave Doe',
      Why: 'Decoy used: Dave’s laptop is compromised',
    });
    const told = await waitFor(
      () => h.slack.ephemerals.find((e) => /already being offboarded/.test(e.text)),
      5_000,
      'the refusal',
    );
    expect(told.text).toMatch(/ref/);
    await waitFor(
      () => thread(h, ts).some((t) => /refused to start offboarding/.test(t)),
      5_000,
      'the thread',
    );
    expect(offboards(h)).toHaveLength(1);
  });

  it('a target that changed since the form opened is refused, and nothing is sent', async () => {
    const h = await containWarden();
    const ts = await h.postAlert('FND_CTN_EXPOSED');
    await h.click(ContainId.open, 'FND_CTN_EXPOSED', ts);
    const form = await h.form(ContainId.form);
    const f = h.tenant.findings.get('FND_CTN_EXPOSED', Date.now());
    if (f) f.appUserTarget = { appId: SEED_IDS.apps.github, appUserId: SEED_IDS.appUsers.bbrown };
    await form.submit({
      'What to take away': 'Revoke Member from bob',
      Why: 'Token leaked in a public gist',
    });
    await waitFor(() => h.slack.ephemerals.find((e) => /names someone else now/.test(e.text)), 5_000, 'told');
    await settle(200);
    expect(revokes(h)).toHaveLength(0);
    expect(h.slack.thread('C0SECOPS', ts).some((m) => /asks to/.test(m.text))).toBe(false);
  });

  it('a timeout on creation is read back, not sent again; a task the tenant forgot is said on the card', async () => {
    const h = await containWarden(
      CONFIG.replace(
        'decoyCredentialUsed: { actions: [offboard], stepUp: false, fourEyes: false }',
        'decoyCredentialUsed: { actions: [offboard], stepUp: false, fourEyes: false }\n  similarUsernameMatch: { actions: [revoke], stepUp: false, fourEyes: false }',
      ),
    );
    h.tenant.faults.add({ method: 'POST', path: '/api/v1/task/offboarding', status: 504, after: true });
    const ts = await h.postAlert('FND_CTN_DECOY');
    await h.click(ContainId.open, 'FND_CTN_DECOY', ts);
    const form = await h.form(ContainId.form);
    await form.submit({
      'What to take away': 'Offboard Dave Doe',
      Why: 'Decoy used: Dave’s laptop is compromised',
    });
    await waitFor(
      () => thread(h, ts).some((t) => /started to start offboarding|started to/.test(t)),
      5_000,
      'read back',
    );
    expect(offboards(h)).toHaveLength(1);
    const [task] = h.tenant.accessTasks.all();
    if (!task) throw new Error('no task');
    h.tenant.accessTasks.remove(task.id);
    await h.clock.advance('10s');
    await waitFor(() => cardText(h, ts).includes('no longer known to the tenant'), 5_000, 'lost on the card');
    expect(thread(h, ts).some((t) => /no longer knows task/.test(t))).toBe(true);
  });

  it('is refused in words to a guest and to a person of another organisation; /warden contain opens the form', async () => {
    const h = await containWarden();
    const ts = await h.postAlert('FND_CTN_SERVICE');
    await h.click(ContainId.open, 'FND_CTN_SERVICE', ts, { ...ALICE, userId: 'U0GUEST', userName: 'gus' });
    await waitFor(
      () =>
        [...h.slack.views.values()].some((v) =>
          /Guests may not contain findings/.test(JSON.stringify(v.view)),
        ),
      5_000,
      'guest refused',
    );
    await h.command('contain FND_CTN_SERVICE');
    await h.form(ContainId.form);
    expect(revokes(h)).toHaveLength(0);
  });

  it("is in Review's per-finding menu of a roll-up: the same form", async () => {
    const h = await containWarden();
    const f = h.tenant.findings.get('FND_CTN_SERVICE', Date.now());
    const { groupId } = await h.warden.store.addToRollup(
      'C0SECOPS',
      'FND_CTN_SERVICE',
      f ?? {},
      Date.now(),
      60_000,
    );
    await h.send(
      viewActionBody(ALICE, {
        view: {
          id: 'V0REVIEW',
          callback_id: 'rollup.review',
          private_metadata: JSON.stringify({ groupId, page: 0 }),
        },
        action: {
          action_id: ReviewId.finding,
          type: 'overflow',
          selected_option: { value: 'contain FND_CTN_SERVICE' },
        },
        triggerId: h.slack.issueTriggerId(),
      }),
    );
    const form = await h.form(ContainId.form);
    expect(JSON.stringify(form.view.view.blocks)).toContain('*Organization admin* in *GitHub*');
  });
});
