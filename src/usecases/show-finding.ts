import type { Ports } from '../ports/index.js';
import { type AlertLifePorts, type Card, showCard } from './alert-life.js';
import { type SchedulePorts, scheduleEnds } from './schedule-ends.js';

/**
 * Posts a finding's card in a channel, as it is now, and tracks it; a snooze or acceptance it
 * shows gets its reminder and end scheduled (made outside Slack: its owner is reminded).
 */
export async function showFinding(
  p: AlertLifePorts & SchedulePorts & Pick<Ports, 'findings'>,
  findingId: string,
  channel: string,
): Promise<Card> {
  const finding = await p.findings.get(findingId);
  const card = await showCard(p, finding, channel);
  await scheduleEnds(p, finding);
  return card;
}
