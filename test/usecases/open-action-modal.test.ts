import { describe, expect, it } from 'vitest';
import { renderLoadingModal } from '../../src/blockkit/info-modal.js';
import { openActionModal } from '../../src/usecases/findings/open-action-modal.js';
import { lanePerTest } from '../helpers/lane.js';
import { unsealedMetadata } from '../helpers/view-seal.js';

const lane = lanePerTest();
const PORTS = [
  'views',
  'findings',
  'people',
  'settings',
  'chat',
  'cards',
  'clock',
  'timers',
  'logger',
  'audit',
  'owners',
  'notes',
] as const;

describe('openActionModal (through its ports)', () => {
  it('replaces the Loading… view the runner opened with the form, in the person’s time zone', async () => {
    const l = await lane();
    const card = await l.card('FND_SA_UNOWNED');
    const viewId = await l.ports.views.open(l.slack.issueTriggerId(), renderLoadingModal('FND_SA_UNOWNED'));
    await openActionModal(l.pick(...PORTS), {
      kind: 'snooze',
      findingId: 'FND_SA_UNOWNED',
      viewId,
      userId: 'U0BOB',
      channel: card.channel,
      cardTs: card.ts,
      ref: 'r1',
    });
    const [opened] = l.slack.callsOf('views.open');
    expect(opened?.args.view).toMatchObject({ callback_id: 'finding.loading' });
    const [view] = [...l.slack.views.values()];
    expect(view?.view.callback_id).toBe('finding.snooze');
    expect(JSON.parse(unsealedMetadata(view?.view.private_metadata))).toEqual({
      findingId: 'FND_SA_UNOWNED',
      channel: card.channel,
      ts: card.ts,
      tz: 'America/New_York',
    });
  });

  it('when the finding moved on, says so and refreshes the card instead of offering the form', async () => {
    const l = await lane();
    const card = await l.card('FND_SA_UNOWNED');
    l.tenant.findings.changeState(
      'FND_SA_UNOWNED',
      { suppress: { reason: 'elsewhere' } },
      'IU_OTHER',
      Date.now(),
    );
    const viewId = await l.ports.views.open(l.slack.issueTriggerId(), renderLoadingModal('FND_SA_UNOWNED'));
    await openActionModal(l.pick(...PORTS), {
      kind: 'snooze',
      findingId: 'FND_SA_UNOWNED',
      viewId,
      userId: 'U0ALICE',
      channel: card.channel,
      cardTs: card.ts,
      ref: 'r3',
    });
    expect(JSON.stringify([...l.slack.views.values()][0]?.view)).toMatch(/now Suppressed/);
    const refreshed = l.slack.messages.find((m) => m.ts === card.ts);
    expect(refreshed?.edited).toBe(true);
    expect(JSON.stringify(refreshed?.blocks)).toContain('finding.reopen');
  });
});
