import { describe, expect, it } from 'vitest';
import { ShortcutId } from '../../src/blockkit/ids.js';
import { ALICE, harnessPerTest, settle, waitFor } from '../helpers/harness.js';
import { clickInModal, formOnMessage, lastModalText } from '../helpers/shortcuts.js';

/** *Report suspicious identity activity* and *Find a finding*. */

const start = harnessPerTest();
type H = Awaited<ReturnType<typeof start>>;
const comments = (h: H) => h.tenant.requests.filter((r) => r.path.endsWith('/action/comment'));
const report = {
  'What looks suspicious?': 'Logins at 3am from a new country',
  'Which identity or app?': 'deploy-bot',
};

describe('Report suspicious identity activity', () => {
  it('without a finding: posted to the security channel with the message link; the person is told where', async () => {
    const h = await start();
    const { ts, form } = await formOnMessage(h, ShortcutId.report, 'look at this');
    await form.submit({ ...report, Severity: 'high' });
    const told = await waitFor(() => h.slack.ephemerals.find((e) => /report was posted/.test(e.text)));
    expect(told.text).toContain('<#C0ALERTS>');
    const post = h.slack.messages.find((m) => m.channel === 'C0ALERTS' && m.text.includes('Suspicious'));
    expect(post?.text).toContain('deploy-bot');
    expect(post?.text).toContain('*high*');
    expect(post?.text).toContain(`p${ts.replace('.', '')}`);
    expect(comments(h)).toHaveLength(0);
  });

  it('with a finding: filed as a comment on its remediation task (created when it has none)', async () => {
    const h = await start();
    const { form } = await formOnMessage(h, ShortcutId.report, 'look at this');
    await form.submit({ ...report, 'Related finding id': 'FND_SA_UNOWNED' });
    const told = await waitFor(() =>
      h.slack.ephemerals.find((e) => /filed on remediation task/.test(e.text)),
    );
    const task = String(h.tenant.findings.get('FND_SA_UNOWNED', Date.now())?.taskId ?? '');
    expect(task).toMatch(/^TSK_/);
    expect(told.text).toContain(task);
    expect(String(comments(h)[0]?.body)).toContain('Logins at 3am');
    expect(h.slack.messages.some((m) => m.channel === 'C0ALERTS' && m.text.includes('Suspicious'))).toBe(
      false,
    );
  });

  it('the tenant fails (500): a sentence with a ref, nothing filed or posted', async () => {
    const h = await start();
    const { form } = await formOnMessage(h, ShortcutId.report, 'look at this');
    h.tenant.faults.add({ method: 'POST', path: /\/task$/, status: 500, times: 10 });
    await form.submit({ ...report, 'Related finding id': 'FND_UNUSED_SECRET' });
    const told = await waitFor(
      () => h.slack.ephemerals.find((e) => /ref/.test(e.text)),
      8_000,
      'the failure',
    );
    expect(told.text).toMatch(/could not/);
    expect(comments(h)).toHaveLength(0);
    expect(h.slack.messages.some((m) => m.text.includes('Suspicious'))).toBe(false);
  });

  it('a missing description is refused on its field; a guest is refused before the form', async () => {
    const h = await start();
    const { form } = await formOnMessage(h, ShortcutId.report, 'look at this');
    const bad = await form.submit({ 'Which identity or app?': 'x', 'Related finding id': 'not an id!' });
    expect(Object.keys(bad.errors ?? {}).sort()).toEqual(['finding', 'what']);
    await h.slack.messageShortcut(
      h.url,
      { ...ALICE, userId: 'U0GUEST' },
      ShortcutId.report,
      h.slack.postAsPerson('C0SECOPS', 'U0CAROL', 'x'),
    );
    await waitFor(() => /Guests/i.test(lastModalText(h, 'U0GUEST')) || undefined, 5_000, 'the refusal');
  });
});

describe('Find a finding', () => {
  it('searches by id, app and words; at most ten results; Open card posts one card, then links it', async () => {
    const h = await start();
    await h.slack.globalShortcut(h.url, ALICE, ShortcutId.find);
    const form = await h.form(ShortcutId.find);
    await form.submit({ 'Finding id, app, owner or words': 'FND_SA_UNOWNED' });
    const results = await waitFor(() => {
      const v = h.slack.views.get(form.view.id);
      return JSON.stringify(v?.view.blocks).includes(ShortcutId.openCard) ? v : undefined;
    });
    expect(JSON.stringify(results.view.blocks)).toContain('FND_SA_UNOWNED');
    const open = () => clickInModal(h, form.view.id, ShortcutId.openCard, 'FND_SA_UNOWNED');
    await open();
    await waitFor(() => /The card of finding/.test(lastModalText(h)) || undefined, 5_000, 'the card link');
    const cards = () => h.slack.messages.filter((m) => m.channel === 'C0ALERTS' && !m.thread_ts).length;
    expect(cards()).toBe(1);
    await open();
    await settle(300);
    expect(cards()).toBe(1);
  });

  it('nothing matches: told; the tenant fails: a sentence with a ref, not left on Searching…', async () => {
    const h = await start();
    await h.slack.globalShortcut(h.url, ALICE, ShortcutId.find);
    const form = await h.form(ShortcutId.find);
    await form.submit({ 'Finding id, app, owner or words': 'zzz-nothing' });
    await waitFor(
      () => /No finding matches/.test(JSON.stringify(h.slack.views.get(form.view.id)?.view)) || undefined,
    );
    h.tenant.faults.add({ method: 'POST', path: /\/findings\/search$/, status: 500, times: 10 });
    await form.submit({ 'Finding id, app, owner or words': 'owner' });
    await waitFor(
      () => /ref/.test(JSON.stringify(h.slack.views.get(form.view.id)?.view)) || undefined,
      8_000,
    );
    expect(JSON.stringify(h.slack.views.get(form.view.id)?.view)).not.toContain('Searching');
  });
});
