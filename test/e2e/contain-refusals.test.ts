import { containFindings } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { ContainId } from '../../src/blockkit/ids.js';
import { parseConfigFile } from '../../src/config-file.js';
import { ALICE, BOB, type Harness, harnessPerTest, settle, waitFor } from '../helpers/harness.js';

/**
 * Contain…'s refusals and the tenant answering badly on creation (issue 39, "Bad input and
 * faults"): a person of another organisation is refused in words, at the card and on the request;
 * a finding that names nobody offers nothing; a target that changed before the approval is refused
 * there; a 502 the tenant never acted on is read back (never asked again) until Warden says it was
 * not made, with a ref for the person; a timeout is read back, later when the tenant is slow.
 */
const start = harnessPerTest({ lane: 'inprocess' });
const CAROL = { ...BOB, userId: 'U0CAROL', userName: 'carol' };
const PARTNER = { ...ALICE, userId: 'U0EXTERNAL', userName: 'eve', userTeamId: 'T0PARTNER' };
const CONFIG = `permissions:
  contain: { approvers: S0SECLEADS }
contain:
  credentialPubliclyExposed: { actions: [revoke], stepUp: false }
  decoyCredentialUsed: { actions: [offboard], stepUp: false, fourEyes: false }
`;

async function containWarden(): Promise<Harness> {
  const h = await start({ file: parseConfigFile(CONFIG, 'contain.yaml') });
  for (const f of containFindings()) h.tenant.findings.put(f);
  return h;
}
const taskCalls = (h: Harness) => h.tenant.requests.filter((r) => /^\/api\/v1\/task\//.test(r.path));
const thread = (h: Harness, ts: string) => h.slack.thread('C0SECOPS', ts).map((m) => m.text);
const modalText = (h: Harness) => JSON.stringify([...h.slack.views.values()].map((v) => v.view));

describe('Contain… refused, and tasks the tenant answered badly', () => {
  it('a person of another organisation is refused in words at the card and on the request; nothing is sent', async () => {
    const h = await containWarden();
    const ts = await h.postAlert('FND_CTN_SERVICE');
    await h.click(ContainId.open, 'FND_CTN_SERVICE', ts);
    const form = await h.form(ContainId.form);
    await form.submit({
      'What to take away': 'Revoke Organization admin from deploy-bot',
      Why: 'Token in an issue',
    });
    const request = await waitFor(
      () => h.slack.thread('C0SECOPS', ts).find((m) => /asks to revoke/.test(m.text)),
      5_000,
      'the request',
    );
    const id = String(JSON.stringify(request.blocks).match(/ctn_[a-z0-9]+/)?.[0]);
    const forms = () =>
      [...h.slack.views.values()].filter((v) => v.view.callback_id === ContainId.form).length;
    await h.click(ContainId.open, 'FND_CTN_SERVICE', ts, PARTNER);
    // Refused where the button was (its response_url): no form opened.
    await waitFor(
      () => h.slack.ephemerals.some((e) => /People outside Acme cannot act/.test(e.text)),
      5_000,
      'the refusal',
    );
    expect(forms()).toBe(1);
    await h.click(ContainId.approve, id, request.ts, PARTNER);
    const told = await waitFor(
      () => h.slack.ephemerals.filter((e) => /People outside Acme cannot act/.test(e.text))[1],
      5_000,
      'the approval refused',
    );
    expect(told.text).not.toMatch(/ctn_|U0EXTERNAL/);
    await settle(200);
    expect(taskCalls(h)).toHaveLength(0);
    const audit = await h.warden.store.auditLog({ findingId: 'FND_CTN_SERVICE', limit: 20 });
    expect(audit.some((e) => e.action === 'contain.approve' && e.outcome === 'ok')).toBe(false);
  });

  it('a finding that names no account and no person offers nothing: said in the modal, no form', async () => {
    const h = await containWarden();
    const f = h.tenant.findings.get('FND_CTN_DECOY', Date.now());
    if (f) delete f.assignedOwner;
    const ts = await h.postAlert('FND_CTN_DECOY');
    await h.click(ContainId.open, 'FND_CTN_DECOY', ts);
    await waitFor(() => /nothing to (contain|take away)/.test(modalText(h)), 5_000, 'the modal says why');
    expect(modalText(h)).toMatch(/Warden never guesses|knows no person/);
    expect(modalText(h)).not.toContain(ContainId.form);
    expect(taskCalls(h)).toHaveLength(0);
  });

  it('a 502 the tenant did not act on: the person gets a ref, three read-backs, then "not made"; never asked twice', async () => {
    const h = await containWarden();
    h.tenant.faults.add({ method: 'POST', path: '/api/v1/task/offboarding', status: 502 });
    const ts = await h.postAlert('FND_CTN_DECOY');
    await h.click(ContainId.open, 'FND_CTN_DECOY', ts);
    const form = await h.form(ContainId.form);
    await form.submit({ 'What to take away': 'Offboard Dave Doe', Why: 'Decoy used from an unknown host' });
    await waitFor(
      () => thread(h, ts).some((t) => /reading back whether it made the task/.test(t)),
      5_000,
      'told',
    );
    const told = await waitFor(
      () => h.slack.ephemerals.find((e) => e.user === 'U0ALICE' && /ref/.test(e.text)),
      5_000,
      'the person told with a ref',
    );
    expect(told.text).not.toMatch(/undefined|\[object/);
    const searches = () => h.tenant.requests.filter((r) => r.path === '/api/v1/search/tasks').length;
    const before = searches();
    for (let i = 0; i < 3; i++) await h.clock.advance('35s');
    await waitFor(() => thread(h, ts).some((t) => /did not make the task/.test(t)), 5_000, 'not made');
    expect(searches()).toBeGreaterThanOrEqual(before + 3);
    await h.clock.advance('2m');
    await settle(200);
    expect(taskCalls(h)).toHaveLength(1);
    expect(h.tenant.accessTasks.all()).toHaveLength(0);
    expect(thread(h, ts).filter((t) => /did not make the task/.test(t))).toHaveLength(1);
    expect(await h.warden.metrics.registry.metrics()).toMatch(
      /warden_contain_total\{action="offboard",outcome="failed"\} 1/,
    );
  });

  it('an approver other than the requester decides; Deny is told and audited, nothing sent', async () => {
    const h = await containWarden();
    const ts = await h.postAlert('FND_CTN_SERVICE');
    await h.click(ContainId.open, 'FND_CTN_SERVICE', ts);
    const form = await h.form(ContainId.form);
    await form.submit({
      'What to take away': 'Revoke Organization admin from deploy-bot',
      Why: 'Token in an issue',
    });
    const request = await waitFor(
      () => h.slack.thread('C0SECOPS', ts).find((m) => /asks to revoke/.test(m.text)),
      5_000,
      'the request',
    );
    const id = String(JSON.stringify(request.blocks).match(/ctn_[a-z0-9]+/)?.[0]);
    await h.click(ContainId.deny, id, request.ts, CAROL);
    await waitFor(
      () => thread(h, ts).some((t) => /<@U0CAROL> denied <@U0ALICE>'s containment/.test(t)),
      5_000,
      'denied',
    );
    await h.click(ContainId.approve, id, request.ts, BOB);
    await waitFor(
      () => h.slack.ephemerals.some((e) => e.user === 'U0BOB' && /already decided/.test(e.text)),
      5_000,
      'the late approval',
    );
    expect(taskCalls(h)).toHaveLength(0);
    const audit = await h.warden.store.auditLog({ findingId: 'FND_CTN_SERVICE', limit: 20 });
    expect(audit.filter((e) => e.action === 'contain.deny' && e.outcome === 'denied')).toHaveLength(1);
  });

  it('a timeout on creation is read back by its reference, later if the tenant is slow; never asked twice', async () => {
    const h = await start({ file: parseConfigFile(CONFIG, 'contain.yaml'), requestTimeoutMs: 1_000 });
    for (const f of containFindings()) h.tenant.findings.put(f);
    // The tenant makes the task 2.5 s after the request: Warden stopped waiting after 1 s.
    h.tenant.faults.add({ method: 'POST', path: '/api/v1/task/offboarding', latencyMs: 2_500 });
    const ts = await h.postAlert('FND_CTN_DECOY');
    await h.click(ContainId.open, 'FND_CTN_DECOY', ts);
    const form = await h.form(ContainId.form);
    await form.submit({ 'What to take away': 'Offboard Dave Doe', Why: 'Decoy used from an unknown host' });
    await waitFor(
      () => thread(h, ts).some((t) => /reading back whether it made the task/.test(t)),
      10_000,
      'the timeout told',
    );
    await waitFor(() => h.tenant.accessTasks.all().length === 1, 10_000, 'the tenant making it');
    await h.clock.advance('35s');
    await waitFor(
      () => thread(h, ts).some((t) => /started to start offboarding/.test(t)),
      5_000,
      'read back',
    );
    await h.clock.advance('2m');
    await settle(200);
    expect(taskCalls(h)).toHaveLength(1);
    expect(thread(h, ts).some((t) => /did not make the task/.test(t))).toBe(false);
  });

  it('a target that changed before the approval: refused at Approve, told in the thread, nothing sent', async () => {
    const h = await containWarden();
    const ts = await h.postAlert('FND_CTN_SERVICE');
    await h.click(ContainId.open, 'FND_CTN_SERVICE', ts);
    const form = await h.form(ContainId.form);
    await form.submit({
      'What to take away': 'Revoke Organization admin from deploy-bot',
      Why: 'Token in an issue',
    });
    const request = await waitFor(
      () => h.slack.thread('C0SECOPS', ts).find((m) => /asks to revoke/.test(m.text)),
      5_000,
      'the request',
    );
    const id = String(JSON.stringify(request.blocks).match(/ctn_[a-z0-9]+/)?.[0]);
    const f = h.tenant.findings.get('FND_CTN_SERVICE', Date.now());
    // Another account of the same app: bob's, as another finding names it.
    const other = h.tenant.findings.get('FND_CTN_EXPOSED', Date.now())?.appUserTarget;
    if (f && other) f.appUserTarget = { ...other };
    await h.click(ContainId.approve, id, request.ts, CAROL);
    await waitFor(
      () => thread(h, ts).some((t) => /names someone else now/.test(t)),
      5_000,
      'told in the thread',
    );
    await settle(200);
    expect(taskCalls(h)).toHaveLength(0);
  });

  it('permissions: contain: a person outside its usergroups is refused in words at the card and the command', async () => {
    const yaml = CONFIG.replace(
      'contain: { approvers: S0SECLEADS }',
      'contain: { usergroups: [S0SECLEADS], approvers: S0SECLEADS }',
    );
    const h = await start({ file: parseConfigFile(yaml, 'contain.yaml') });
    for (const f of containFindings()) h.tenant.findings.put(f);
    const ts = await h.postAlert('FND_CTN_SERVICE');
    await h.click(ContainId.open, 'FND_CTN_SERVICE', ts);
    await h.command('contain FND_CTN_SERVICE');
    // Told in the modal each opened, naming the permission and the group to ask (as a mention).
    const refusals = () =>
      [...h.slack.views.values()].filter((v) =>
        /You do not have the `contain` permission.*<!subteam\^S0SECLEADS>/.test(JSON.stringify(v.view)),
      ).length;
    await waitFor(() => refusals() === 2, 5_000, 'both refused');
    expect([...h.slack.views.values()].some((v) => v.view.callback_id === ContainId.form)).toBe(false);
    // A member of the group may.
    await h.click(ContainId.open, 'FND_CTN_SERVICE', ts, BOB);
    await h.form(ContainId.form);
    expect(taskCalls(h)).toHaveLength(0);
  });
});
