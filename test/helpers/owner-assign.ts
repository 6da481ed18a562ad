import { expect } from 'vitest';
import { ASSIGN_CALLBACK_ID, OwnerActionId } from '../../src/blockkit/ids.js';
import { parseConfigFile } from '../../src/config-file.js';
import { fillByLabel, labelsOf } from './form-fill.js';
import { ALICE, type Harness, harnessPerTest, settle, waitFor } from './harness.js';
import { card } from './owners.js';

/**
 * Assign owner…'s tests (test/e2e/owner-assign*.test.ts, issue 17, item 4): the finding they
 * assign, the tenant's bulk operation, and the verbs of the form over the file's current harness.
 */

export const ID = 'FND_CONNECTOR_ANOMALY_OFF'; // computed owner: Bob
export const BULK = '/api/v1/findings/bulk/state';

/**
 * A harness for each test that starts one (in process unless it asks otherwise), closed after it;
 * call once at a test file's top level. The file keeps its own `h` (a test may start its own with
 * `startOne`): `started` is told of each harness `start` starts, `current` is the one to act on.
 */
export function assignPerTest(file: { started: (h: Harness) => void; current: () => Harness }) {
  const startOne = harnessPerTest({ lane: 'inprocess' });
  const start = async (yaml?: string) => {
    file.started(await startOne(yaml ? { file: parseConfigFile(yaml, 'test.yaml') } : {}));
  };
  const bulkRequests = () =>
    file.current().tenant.requests.filter((r) => r.method === 'POST' && r.path === BULK);
  const assignedOf = (id: string) => file.current().tenant.findings.get(id)?.assignedOwner;

  /**
   * Clicks Assign owner… on the card and waits for the form this click opened (its callback id is
   * its own, so `h.openForm` does not know it); submitted by label, as a person fills it.
   */
  async function openAssign(ts: string, actor = ALICE, findingId = ID) {
    const h = file.current();
    const before = new Set([...h.slack.views.values()].map((v) => `${v.id}:${v.hash}`));
    await h.click(OwnerActionId.assign, findingId, ts, actor);
    const view = await waitFor(
      () =>
        [...h.slack.views.values()].find(
          (v) => !before.has(`${v.id}:${v.hash}`) && v.view.callback_id === ASSIGN_CALLBACK_ID,
        ),
      5_000,
      'the Assign owner form',
    );
    return {
      view,
      labels: labelsOf(view.view),
      submit: (answers: Record<string, string>, who = actor) =>
        h.submit(view, fillByLabel(view.view, answers), who),
    };
  }

  /** Alice opens Assign owner… on the card and picks `userId`. */
  async function assign(ts: string, userId: string) {
    return (await openAssign(ts)).submit({ 'New owner': userId });
  }

  /** Nothing changed: no bulk request, no owner, the card as it was, no thread reply. */
  async function expectNothingAssigned(ts: string, blocks: string) {
    const h = file.current();
    await settle(300);
    expect(assignedOf(ID) ?? null).toBeNull();
    expect(JSON.stringify(card(h, ts)?.blocks)).toBe(blocks);
    expect(h.slack.thread('C0SECOPS', ts)).toHaveLength(0);
  }

  return { startOne, start, bulkRequests, assignedOf, openAssign, assign, expectNothingAssigned };
}
