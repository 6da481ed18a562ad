import { describe, expect, it } from 'vitest';
import { ContainId } from '../../src/blockkit/ids.js';
import { ATTEST_CONFIG, alert, askValue, inDm, question, seedAttest } from '../helpers/attest.js';
import { clockedHarnessPerTest } from '../helpers/clocked.js';
import { ALICE, waitFor } from '../helpers/harness.js';

/** Contain… offered after attestation's *No, not me* (issue 39): in the alert's thread, as a button. */
const startClocked = clockedHarnessPerTest('inprocess');

describe('Contain… after *No, not me*', () => {
  it('is offered in the thread; its button opens the form naming the person', async () => {
    const yaml = `${ATTEST_CONFIG}\ncontain:\n  decoyCredentialUsed: { actions: [offboard], stepUp: false }\n`;
    const h = await startClocked(yaml);
    seedAttest(h);
    const card = await alert(h, 'FND_ATT_DECOY');
    const q = await question(h, 'U0ALICE', 'FND_ATT_DECOY');
    await h.click('attest.answer.no', askValue(q, 'no'), q.ts, inDm(ALICE));
    const offer = await waitFor(
      () =>
        h.slack.thread(card.channel, card.ts).find((m) => JSON.stringify(m.blocks).includes(ContainId.offer)),
      5_000,
      'the offer',
    );
    await h.click(ContainId.offer, 'FND_ATT_DECOY', offer.ts);
    const form = await h.form(ContainId.form);
    expect(JSON.stringify(form.view.view.blocks)).toContain('*Alice Adams*');
  });
});
