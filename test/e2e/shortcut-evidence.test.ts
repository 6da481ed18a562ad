import { describe, expect, it } from 'vitest';
import { ShortcutId } from '../../src/blockkit/ids.js';
import { fillByLabel } from '../helpers/form-fill.js';
import { harnessPerTest, waitFor } from '../helpers/harness.js';
import { onMessage } from '../helpers/shortcuts.js';

/** The evidence field's label, as an English-speaking person reads it. */
const EVIDENCE_LABEL = 'Evidence (notes attached to this finding)';

/** Notes attached with *Attach to finding…* offered as closure evidence in Resolve… and Suppress…. */

const start = harnessPerTest();
type H = Awaited<ReturnType<typeof start>>;

/** Attaches a person's message to a finding and returns the note Warden kept. */
async function attach(h: H, findingId: string, text: string) {
  // Each shortcut opens a form of its own: wait for this one, not the one submitted before.
  const before = new Set(h.slack.views.keys());
  await onMessage(h, ShortcutId.attach, text);
  const fresh = await waitFor(() =>
    [...h.slack.views.values()].find((v) => !before.has(v.id) && v.view.callback_id === ShortcutId.attach),
  );
  await h.submit(fresh, fillByLabel(fresh.view, { 'Finding id': findingId }));
  return waitFor(async () => (await h.warden.store.notesFor(findingId, 10)).find((n) => n.text === text));
}

const state = (h: H, id: string) => h.tenant.findings.get(id, Date.now())?.state;

describe('closure evidence', () => {
  it('Resolve offers the attached note; chosen, it is in the audit entry, the thread and the tenant’s reason', async () => {
    const h = await start();
    const card = await h.postAlert('FND_NHI_UNOWNED');
    const note = await attach(h, 'FND_NHI_UNOWNED', 'ci-runner logged in from 10.0.0.9; rotated its key');
    expect(note.permalink).toMatch(/^https:\/\//);
    const form = await h.openForm('finding.resolve', 'FND_NHI_UNOWNED', card);
    expect(form.labels).toEqual(['Why', 'What was done', EVIDENCE_LABEL]);
    await form.submit({ Why: 'Fixed', [EVIDENCE_LABEL]: [note.id] });
    await waitFor(() => state(h, 'FND_NHI_UNOWNED') === 'FINDING_STATE_RESOLVED');
    const reply = await waitFor(() =>
      h.slack.thread('C0SECOPS', card).find((m) => /resolved this/.test(m.text)),
    );
    expect(reply.text).toContain(`Evidence: <${note.permalink}|message 1>`);
    const reason = String((h.stateChanges().at(-1)?.resolve as { reason?: string } | undefined)?.reason);
    expect(reason).toContain(`Fixed (evidence: ${note.permalink})`);
    const [entry] = await waitFor(async () => {
      const e = await h.warden.store.auditLog({ findingId: 'FND_NHI_UNOWNED', limit: 1 });
      return e[0]?.action === 'resolve' && e[0].outcome === 'ok' ? e : undefined;
    });
    expect(entry?.params).toMatchObject({ evidence: [{ note: note.id, link: note.permalink }] });
  });

  it('a note of another finding (forged) is left out with a sentence; a malformed id is refused on its field', async () => {
    const h = await start();
    const card = await h.postAlert('FND_SIMILAR_USER');
    const other = await attach(h, 'FND_SA_UNOWNED', 'a note about another finding');
    await attach(h, 'FND_SIMILAR_USER', 'the real evidence');
    const form = await h.openForm('finding.suppress', 'FND_SIMILAR_USER', card);
    const values = fillByLabel(form.view.view, { Why: 'False positive', Reason: 'test accounts' });
    const forged = (id: string) => ({
      ...values,
      evidence: { value: { type: 'checkboxes', selected_options: [{ value: id }] } },
    });
    const bad = await h.submit(form.view, forged('../../etc/passwd'));
    expect(JSON.parse(bad.body)).toMatchObject({
      errors: { evidence: 'Choose only notes attached to this finding.' },
    });
    expect(h.stateChanges()).toHaveLength(0);
    await h.submit(form.view, forged(other.id));
    const told = await waitFor(() => h.slack.ephemerals.find((e) => /left out of the evidence/.test(e.text)));
    expect(told.text).toContain('FND_SIMILAR_USER');
    await waitFor(() => state(h, 'FND_SIMILAR_USER') === 'FINDING_STATE_SUPPRESSED');
    const reply = await waitFor(() =>
      h.slack.thread('C0SECOPS', card).find((m) => /suppressed this/.test(m.text)),
    );
    expect(reply.text).not.toContain('Evidence');
    expect(JSON.stringify(h.stateChanges())).not.toContain('evidence');
    const entries = await h.warden.store.auditLog({ findingId: 'FND_SIMILAR_USER', limit: 10 });
    expect(entries.some((e) => e.action === 'suppress')).toBe(true);
    expect(JSON.stringify(entries)).not.toContain(other.id);
  });
});
