import { describe, expect, it } from 'vitest';
import { ShortcutId } from '../../src/blockkit/ids.js';
import { ALICE, harnessPerTest, settle, waitFor } from '../helpers/harness.js';
import { formOnMessage, lastModalText, onMessage } from '../helpers/shortcuts.js';

/** *Attach to finding…*: a Slack message becomes a note on a finding (thread, audit, tenant task, store). */

const start = harnessPerTest();
const comments = (h: Awaited<ReturnType<typeof start>>) =>
  h.tenant.requests.filter((r) => r.path.endsWith('/action/comment'));

describe('Attach to finding…', () => {
  it('the message and its permalink go to the card thread, the audit log, the task and the store', async () => {
    const h = await start();
    const card = await h.postAlert('FND_NHI_UNOWNED');
    await h.command('task FND_NHI_UNOWNED');
    await waitFor(() => h.tenant.findings.get('FND_NHI_UNOWNED', Date.now())?.taskId, 5_000, 'the task');
    const { ts, form } = await formOnMessage(
      h,
      ShortcutId.attach,
      'I saw <!channel> ci-runner log in from 10.0.0.9',
    );
    expect(form.labels).toEqual(['Finding id']);
    await form.submit({ 'Finding id': 'FND_NHI_UNOWNED' });
    const told = await waitFor(() => h.slack.ephemerals.find((e) => /attached to finding/.test(e.text)));
    expect(told.text).toContain('the thread of its card');
    expect(told.text).toContain('a comment on remediation task');
    const reply = h.slack.thread('C0SECOPS', card).find((m) => m.text.includes(':paperclip:'));
    expect(reply?.text).toContain(`archives/C0SECOPS/p${ts.replace('.', '')}`);
    // Quoted safely: the message's <!channel> pings nobody.
    expect(reply?.text).toContain('&lt;!channel&gt;');
    expect(reply?.text).not.toContain('<!channel>');
    expect(h.slack.callsOf('chat.getPermalink')).toHaveLength(1);
    const [comment] = comments(h);
    expect(String(comment?.body)).toContain('ci-runner log in');
    const notes = await h.warden.store.notesFor('FND_NHI_UNOWNED', 10);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ userId: ALICE.userId, truncated: false, messageTs: ts });
    const [entry] = await h.warden.store.auditLog({ findingId: 'FND_NHI_UNOWNED', limit: 1 });
    expect(entry).toMatchObject({ action: 'note.attach', outcome: 'ok' });
  });

  it('a 10,000-character message is cut with a note, and the form and thread stay within Slack’s limits', async () => {
    const h = await start();
    const card = await h.postAlert('FND_SA_UNOWNED');
    const huge = `"quote" \\ ${'x'.repeat(10_000)}`;
    const { form } = await formOnMessage(h, ShortcutId.attach, huge);
    expect(String(form.view.view.private_metadata).length).toBeLessThanOrEqual(3_000);
    await form.submit({ 'Finding id': 'FND_SA_UNOWNED' });
    await waitFor(() => h.slack.thread('C0SECOPS', card).length === 1, 5_000, 'the note in the thread');
    expect(h.slack.thread('C0SECOPS', card)[0]?.text).toContain('the message was longer');
    const [note] = await h.warden.store.notesFor('FND_SA_UNOWNED', 1);
    expect(note?.truncated).toBe(true);
    expect(note?.text.length).toBeLessThan(huge.length);
  });

  it('a finding id that is not one: the field says so; an unknown finding: told, nothing kept', async () => {
    const h = await start();
    const { form } = await formOnMessage(h, ShortcutId.attach, 'hello');
    const bad = await form.submit({ 'Finding id': '../etc/passwd' });
    expect(Object.values(bad.errors ?? {})[0]).toMatch(/not a finding id/);
    await form.submit({ 'Finding id': 'FND_NOPE' });
    const told = await waitFor(() => h.slack.ephemerals.find((e) => /could not find finding/.test(e.text)));
    expect(told.text).toContain('FND_NOPE');
    expect(await h.warden.store.notesFor('FND_NOPE', 5)).toHaveLength(0);
    expect(comments(h)).toHaveLength(0);
  });

  it('a guest and a person of another organisation are refused before any form; nothing kept', async () => {
    const h = await start();
    await onMessage(h, ShortcutId.attach, 'hello', { ...ALICE, userId: 'U0GUEST' });
    await waitFor(() => /Guests/i.test(lastModalText(h, 'U0GUEST')) || undefined, 5_000, 'the refusal');
    await onMessage(h, ShortcutId.attach, 'hello', {
      ...ALICE,
      userId: 'U0EXTERNAL',
      userTeamId: 'T0PARTNER',
    });
    await settle(300);
    expect([...h.slack.views.values()].some((v) => v.view.callback_id === ShortcutId.attach)).toBe(false);
    expect(h.slack.callsOf('chat.getPermalink')).toHaveLength(0);
  });

  it('the tenant fails (500): a sentence with a ref, nothing kept, nobody left on Loading…', async () => {
    const h = await start();
    const { form } = await formOnMessage(h, ShortcutId.attach, 'hello');
    h.tenant.faults.add({ method: 'GET', path: /\/findings\/FND_SA_UNOWNED$/, status: 500, times: 10 });
    await form.submit({ 'Finding id': 'FND_SA_UNOWNED' });
    const told = await waitFor(
      () => h.slack.ephemerals.find((e) => /ref/.test(e.text)),
      8_000,
      'the failure',
    );
    expect(told.text).toMatch(/could not/);
    expect(await h.warden.store.notesFor('FND_SA_UNOWNED', 5)).toHaveLength(0);
  });

  it('a forged callback id gets a sentence in a modal, nothing else', async () => {
    const h = await start();
    const { status } = await onMessage(h, 'shortcut.not_ours', 'hello');
    expect(status).toBe(200);
    await waitFor(
      () => /does not know this shortcut/.test(lastModalText(h)) || undefined,
      5_000,
      'the sentence',
    );
    expect(h.slack.callsOf('chat.getPermalink')).toHaveLength(0);
  });
});
