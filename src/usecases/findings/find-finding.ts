import { cardBeingPosted } from '../../blockkit/delivery-words.js';
import { renderFindModal } from '../../blockkit/find-finding.js';
import { renderInfoModal } from '../../blockkit/info-modal.js';
import { messageLink } from '../../blockkit/links.js';
import { cardIsIn, FIND_CAP } from '../../blockkit/shortcut-words.js';
import { isResourceId } from '../../domain/finding-id.js';
import { routeAlert } from '../../domain/routing.js';
import type { Finding, FindingSearchFilters } from '../../model/finding.js';
import type { Ports } from '../../ports/index.js';
import { type ShowPorts, showFinding } from './show-finding.js';

/**
 * *Find a finding* (global shortcut): the tenant's search (POST /api/v1/findings/search) asked
 * by id, app, owner and words of the description, at most FIND_CAP shown; Open card links the
 * finding's live card, or posts one in its route's channel (one live card per channel, as
 * `/warden show`).
 */

/** The searches a query stands for: an id-like query may be a finding, an app or an owner. */
function searchesOf(query: string): FindingSearchFilters[] {
  const byWords: FindingSearchFilters = { query };
  if (!isResourceId(query)) return [byWords];
  return [{ refs: [{ id: query }] }, { appIds: [query] }, { ownerIdentityUserIds: [query] }, byWords];
}

export async function searchFindings(
  p: Pick<Ports, 'findings'>,
  query: string,
): Promise<{ findings: Finding[]; more: boolean }> {
  const found = new Map<string, Finding>();
  for (const filters of searchesOf(query)) {
    for await (const f of p.findings.search(filters, { pageSize: 10, limit: FIND_CAP + 1 }))
      found.set(f.id, f);
    if (found.size > FIND_CAP) break;
  }
  const findings = [...found.values()];
  return { findings: findings.slice(0, FIND_CAP), more: findings.length > FIND_CAP };
}

export async function findFinding(
  p: Pick<Ports, 'findings' | 'views' | 'logger'>,
  f: { query: string; viewId: string; ref: string },
): Promise<void> {
  const results = await searchFindings(p, f.query);
  p.logger.info({ ref: f.ref, results: results.findings.length, more: results.more }, 'findings searched');
  await p.views.update(f.viewId, renderFindModal({ query: f.query, ...results }));
}

/** Where Open card shows a finding: its live card's channel, else its route's. */
export async function cardChannelOf(
  p: Pick<Ports, 'findings' | 'cards' | 'settings'>,
  findingId: string,
): Promise<string | undefined> {
  const [card] = await p.cards.messagesFor(findingId);
  if (card) return card.channel;
  const finding = await p.findings.get(findingId);
  const route = routeAlert(finding, p.settings.attest.routing, p.settings.attest.defaultChannel);
  return 'channel' in route ? route.channel : undefined;
}

/** Open card: the live card linked (nothing posted), else a card posted in the channel. */
export async function openFoundCard(
  p: ShowPorts & Pick<Ports, 'views' | 'cards'>,
  o: { findingId: string; channel: string; viewId: string },
): Promise<void> {
  const live = (await p.cards.messagesFor(o.findingId)).find((m) => m.channel === o.channel);
  const card = live ?? (await showFinding(p, o.findingId, o.channel));
  // Another post of this card still going (card-claim.ts): it is on its way to that channel.
  const words = card
    ? cardIsIn(o.findingId, card.channel, messageLink(p.settings.workspaceUrl, card.channel, card.ts))
    : cardBeingPosted(o.findingId);
  await p.views.update(o.viewId, renderInfoModal(words));
}
