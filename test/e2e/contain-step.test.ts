import { containFindings, SEED_IDS } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { harnessPerTest } from '../helpers/harness.js';
import { runStep } from '../helpers/workflow.js';

/** Contain finding as a Workflow Builder step (issue 39): the same containment as the form. */
const start = harnessPerTest();

const YAML = `contain:\n  credentialPubliclyExposed: { actions: [revoke, offboard], stepUp: false, fourEyes: false }\n`;

describe('the contain_finding step', () => {
  it('revokes the entitlement it names and completes with the task; without one it fails, guessing nothing', async () => {
    const h = await start({ file: parseConfigFile(YAML, 'c.yaml') });
    for (const f of containFindings()) h.tenant.findings.put(f);
    const none = await runStep(h, 'contain_finding', {
      finding_id: 'FND_CTN_SERVICE',
      action: 'revoke',
      reason: 'Token pasted in a public issue',
    });
    expect(none.status).toBe('failed');
    expect(none.error).toMatch(/never guesses/);
    const run = await runStep(h, 'contain_finding', {
      finding_id: 'FND_CTN_SERVICE',
      action: 'revoke',
      entitlement_id: SEED_IDS.entitlements.ghOrgAdmin,
      reason: 'Token pasted in a public issue',
    });
    expect(run.status).toBe('completed');
    expect(run.outputs).toMatchObject({
      finding_id: 'FND_CTN_SERVICE',
      action: 'revoke',
      task_id: expect.stringMatching(/^TSK_/),
    });
    expect(h.tenant.requests.filter((r) => r.path === '/api/v1/task/revoke')).toHaveLength(1);
  });
});
