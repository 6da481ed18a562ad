import { messageLink } from '../../blockkit/links.js';
import { alreadyShown } from '../../blockkit/outcome-words.js';
import type { Ports, Settings } from '../../ports/index.js';
import { type AlertLifePorts, type Card, showCard } from '../shared/alert-life.js';
import { type SchedulePorts, scheduleEnds } from '../shared/schedule-ends.js';
import { type ClockPorts, trackClock } from '../shared/sla-clock.js';

export type ShowPorts = AlertLifePorts &
  SchedulePorts &
  Partial<Pick<ClockPorts, 'metrics'>> &
  Pick<Ports, 'findings'> & {
    settings: Pick<Settings, 'workspaceUrl'> & Partial<Pick<Settings, 'sla' | 'teamId'>>;
  };

/**
 * Posts a finding's card in a channel, as it is now, and tracks it; a snooze or acceptance it
 * shows gets its reminder and end scheduled (made outside Slack: its owner is reminded). A
 * channel that has the finding's card already keeps that one (brought up to date) and gets a
 * short message linking to it: shown fifteen times, a later change still costs one update here.
 */
export async function showFinding(p: ShowPorts, findingId: string, channel: string): Promise<Card> {
  const finding = await p.findings.get(findingId);
  // Shown: its SLA clocks run from now on, and the card shows them.
  if (p.metrics && p.settings.sla)
    await trackClock(
      { ...p, metrics: p.metrics, settings: { sla: p.settings.sla, teamId: p.settings.teamId ?? '' } },
      finding,
    ).catch((error: unknown) => p.logger.warn({ err: error, findingId }, 'SLA clock not started'));
  const { card, existing } = await showCard(p, finding, channel);
  if (existing) {
    await p.chat.post({
      channel,
      text: alreadyShown(finding.id, messageLink(p.settings.workspaceUrl, card.channel, card.ts)),
    });
  }
  await scheduleEnds(p, finding);
  return card;
}
