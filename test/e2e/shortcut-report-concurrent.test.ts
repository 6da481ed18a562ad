import { describe, expect, it } from 'vitest';
import { ShortcutId } from '../../src/blockkit/ids.js';
import { fillByLabel } from '../helpers/form-fill.js';
import { harnessPerTest, waitFor } from '../helpers/harness.js';
import { onMessage } from '../helpers/shortcuts.js';

/**
 * Two reports on a finding without a remediation task, submitted at once: the task is created
 * once (the in-flight claim Create task takes), and both reports are filed on it.
 */

const start = harnessPerTest();
type H = Awaited<ReturnType<typeof start>>;

/** A report form of its own (each shortcut opens one; the previous may still be open). */
async function reportForm(h: H, text: string) {
  const before = new Set(h.slack.views.keys());
  await onMessage(h, ShortcutId.report, text);
  return waitFor(() =>
    [...h.slack.views.values()].find((v) => !before.has(v.id) && v.view.callback_id === ShortcutId.report),
  );
}

describe('Report suspicious identity activity, twice at once', () => {
  it('one task is created and both reports are filed on it; nobody is told of a failure', async () => {
    const h = await start();
    expect(h.tenant.findings.get('FND_SA_UNOWNED', Date.now())?.taskId).toBeFalsy();
    const first = await reportForm(h, 'first sighting');
    const second = await reportForm(h, 'second sighting');
    // The tenant is slow to create tasks, so both reports read the finding before either made one.
    h.tenant.faults.add({
      method: 'POST',
      path: /\/findings\/FND_SA_UNOWNED\/task$/,
      latencyMs: 400,
      times: 2,
    });
    const answers = (what: string) => ({
      'What looks suspicious?': what,
      'Which identity or app?': 'deploy-bot',
      'Related finding id': 'FND_SA_UNOWNED',
    });
    await Promise.all([
      h.submit(first, fillByLabel(first.view, answers('Logins at 3am'))),
      h.submit(second, fillByLabel(second.view, answers('Token used from a new country'))),
    ]);
    const comments = () => h.tenant.requests.filter((r) => r.path.endsWith('/action/comment'));
    await waitFor(() => comments().length === 2, 10_000, 'both reports filed');
    const taskPosts = h.tenant.requests.filter(
      (r) => r.method === 'POST' && /\/findings\/FND_SA_UNOWNED\/task$/.test(r.path),
    );
    expect(taskPosts).toHaveLength(1);
    const task = String(h.tenant.findings.get('FND_SA_UNOWNED', Date.now())?.taskId);
    expect(task).toMatch(/^TSK_/);
    expect(comments().every((c) => c.path.includes(`/tasks/${task}/`))).toBe(true);
    const bodies = comments()
      .map((c) => String(c.body))
      .join('\n');
    expect(bodies).toContain('Logins at 3am');
    expect(bodies).toContain('Token used from a new country');
    const told = await waitFor(() => {
      const filed = h.slack.ephemerals.filter((e) => /filed on remediation task/.test(e.text));
      return filed.length === 2 ? filed : undefined;
    });
    expect(told.every((e) => e.text.includes(task))).toBe(true);
    expect(h.slack.ephemerals.some((e) => /could not|ref/.test(e.text))).toBe(false);
    const entries = await h.warden.store.auditLog({ findingId: 'FND_SA_UNOWNED', limit: 10 });
    const reports = entries.filter((e) => e.action === 'report.activity');
    expect(reports.map((e) => e.params.task)).toEqual([task, task]);
    expect(reports.filter((e) => e.params.createdTask === true)).toHaveLength(1);
  });
});
