import { cardBeingPosted } from '../../blockkit/delivery-words.js';
import { messageLink } from '../../blockkit/links.js';
import { alreadyShown } from '../../blockkit/outcome-words.js';
import type { Ports, Settings } from '../../ports/index.js';
import type { Audience } from '../../ports/slack.js';
import type { AlertLifePorts, Card } from '../shared/alert-life.js';
import { type SchedulePorts, scheduleEnds } from '../shared/schedule-ends.js';
import { showCard } from '../shared/show-card.js';
import { type ClockPorts, trackClock } from '../shared/sla-clock.js';

export type ShowPorts = AlertLifePorts &
  SchedulePorts &
  Partial<Pick<ClockPorts, 'metrics'>> &
  Pick<Ports, 'findings' | 'privately'> & {
    settings: Pick<Settings, 'workspaceUrl'> & Partial<Pick<Settings, 'sla' | 'teamId'>>;
  };

/**
 * Posts a finding's card in a channel, as it is now, and tracks it; a snooze or acceptance it
 * shows gets its reminder and end scheduled (made outside Slack: its owner is reminded). A
 * channel that has the finding's card already keeps that one (brought up to date), and the person
 * who asked (`audience`) is answered privately with a link to it: a repeated show posts nothing,
 * so it never takes the channel's paced slot from an alert, and a later change still costs one
 * update here. Without an audience (Open card in a modal, which links the card itself) nothing
 * is said. Resolves to the card, or undefined while another post of it is still going.
 */
export async function showFinding(
  p: ShowPorts,
  findingId: string,
  channel: string,
  audience?: Audience,
): Promise<Card | undefined> {
  const finding = await p.findings.get(findingId);
  // Shown: its SLA clocks run from now on, and the card shows them.
  if (p.metrics && p.settings.sla)
    await trackClock(
      { ...p, metrics: p.metrics, settings: { sla: p.settings.sla, teamId: p.settings.teamId ?? '' } },
      finding,
    ).catch((error: unknown) => p.logger.warn({ err: error, findingId }, 'SLA clock not started'));
  const shown = await showCard(p, finding, channel);
  if ('busy' in shown) {
    if (audience) await p.privately.tell(audience, cardBeingPosted(finding.id));
    return undefined;
  }
  const { card, existing } = shown;
  if (existing && audience) {
    const link = messageLink(p.settings.workspaceUrl, card.channel, card.ts);
    await p.privately.tell(audience, alreadyShown(finding.id, link));
  }
  await scheduleEnds(p, finding);
  return card;
}
