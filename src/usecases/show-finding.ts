import type { Ports } from '../ports/index.js';
import { type AlertLifePorts, type Card, showCard } from './alert-life.js';

/** Posts a finding's card in a channel, as it is now, and tracks it. */
export async function showFinding(
  p: AlertLifePorts & Pick<Ports, 'findings'>,
  findingId: string,
  channel: string,
): Promise<Card> {
  const finding = await p.findings.get(findingId);
  return showCard(p, finding, channel);
}
