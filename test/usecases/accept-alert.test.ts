import { describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { FindingSchema } from '../../src/model/finding.js';
import { acceptAlert } from '../../src/usecases/findings/accept-alert.js';
import { lanePerTest } from '../helpers/lane.js';

const lane = lanePerTest();

describe('acceptAlert: routed and stored once', () => {
  it('routes by the first matching rule, stores once per key, keeps dropped and unroutable alerts', async () => {
    const l = await lane();
    const rules = parseConfigFile(
      'routing:\n  rules:\n    - { when: { minSeverity: critical }, channel: C0URGENT }\n    - { when: { findingTypes: [unusedSecret] }, drop: true }\n',
      'rules.yaml',
    ).routing.rules;
    let woken = 0;
    const deps = {
      ...l.pick('outbox', 'seen', 'clock', 'logger', 'lifecycle', 'settings'),
      rules,
      defaultChannel: undefined,
      wake: () => woken++,
    };
    const finding = (id: string) => FindingSchema.parse(l.tenant.findings.get(id, Date.now()));
    const decoy = await acceptAlert(deps, {
      source: 'signed',
      idempotencyKey: 'k1',
      finding: finding('FND_DECOY_USED'),
    });
    expect(decoy).toMatchObject({ duplicate: false, route: { channel: 'C0URGENT' } });
    expect(
      await acceptAlert(deps, { source: 'signed', idempotencyKey: 'k1', finding: finding('FND_DECOY_USED') }),
    ).toMatchObject({
      id: decoy.id,
      duplicate: true,
    });
    await acceptAlert(deps, {
      source: 'poller',
      idempotencyKey: 'k2',
      finding: finding('FND_UNUSED_SECRET'),
    });
    await acceptAlert(deps, { source: 'poller', idempotencyKey: 'k3', finding: finding('FND_SA_UNOWNED') });
    const rows = await l.store.listOutbox({ limit: 10 });
    expect(rows.map((r) => [r.findingId, r.status, r.channel]).sort()).toEqual([
      ['FND_DECOY_USED', 'pending', 'C0URGENT'],
      ['FND_SA_UNOWNED', 'failed', null],
      ['FND_UNUSED_SECRET', 'dropped', null],
    ]);
    expect(woken).toBe(1);
  });
});
