import { randomBytes } from 'node:crypto';
import { renderContainForm, renderDecoyAttempts } from '../../blockkit/contain.js';
import { containWords } from '../../blockkit/contain-words.js';
import { findingTitle } from '../../blockkit/finding-details.js';
import { renderInfoModal } from '../../blockkit/info-modal.js';
import { decoyAttemptsOf, MAX_ATTEMPTS_SHOWN } from '../../domain/decoy-attempts.js';
import type { Finding } from '../../model/finding.js';
import type { Ports } from '../../ports/index.js';
import { recordAudit } from '../shared/record-audit.js';
import { containOffer, type OptionsPorts } from './contain-options.js';

/**
 * Contain…: the form, in the modal the runner opened — what would be taken away, from whom, in
 * which app (named by the tenant), and why. For a decoy credential, the uses the tenant recorded go
 * to the alert's thread first (never to a channel shared with another organisation).
 */
export type OpenPorts = OptionsPorts &
  Pick<Ports, 'findings' | 'views' | 'cards' | 'chat' | 'connect' | 'audit' | 'clock' | 'logger'>;

export interface OpenInput {
  findingId: string;
  userId: string;
  /** Where the person asked, and the card clicked (if any). */
  channel: string;
  cardTs?: string | undefined;
  viewId: string;
  ref: string;
}

/** The card whose thread tells the story: the one clicked, else the newest one of the finding. */
export async function threadOf(
  p: Pick<Ports, 'cards' | 'logger'>,
  findingId: string,
  clicked?: { channel: string; ts: string },
): Promise<{ channel: string; ts: string } | undefined> {
  if (clicked) return clicked;
  const cards = await p.cards.messagesFor(findingId).catch(() => []);
  const card = cards.filter((c) => !c.channel.startsWith('D')).at(-1);
  return card ? { channel: card.channel, ts: card.ts } : undefined;
}

/** A decoy's recorded uses in the card's thread (once per count): the note the form shows. */
async function showAttempts(
  p: OpenPorts,
  f: Finding,
  card: { channel: string; ts: string } | undefined,
  ref: string,
) {
  if (!f.decoyCredentialUsed || !card) return undefined;
  if (await (p.connect?.shared?.(card.channel) ?? p.connect?.redacts(card.channel) ?? Promise.resolve(false)))
    return containWords.attemptsHidden;
  const { events } = await p.findings.history(f.id, 500);
  const { attempts, total } = decoyAttemptsOf(events, MAX_ATTEMPTS_SHOWN);
  const shown = await p.audit.auditLog({ findingId: f.id, limit: 50 }).catch(() => []);
  const already = shown.some((e) => e.action === 'contain.attempts' && e.params.total === total);
  if (!already) {
    await p.chat.post({ channel: card.channel, threadTs: card.ts, ...renderDecoyAttempts(attempts, total) });
    await recordAudit(p, {
      userId: 'warden',
      action: 'contain.attempts',
      channel: card.channel,
      findingId: f.id,
      params: { total, shown: attempts.length, ref },
      outcome: 'ok',
    });
  }
  return containWords.attemptsInThread;
}

export async function openContainForm(p: OpenPorts, input: OpenInput): Promise<void> {
  const finding = await p.findings.get(input.findingId);
  const offer = await containOffer(p, finding);
  if (!offer.ok) {
    await p.views.update(input.viewId, renderInfoModal(offer.why));
    return;
  }
  const clicked = input.cardTs ? { channel: input.channel, ts: input.cardTs } : undefined;
  const card = await threadOf(p, finding.id, clicked);
  const note = await showAttempts(p, finding, card, input.ref).catch((error: unknown) => {
    p.logger.warn({ err: error, ref: input.ref, findingId: finding.id }, 'decoy uses not shown');
    return undefined;
  });
  const { rule } = offer;
  const stepUp = rule.stepUp && p.settings.stepUp !== undefined;
  await p.views.update(
    input.viewId,
    renderContainForm({
      meta: {
        id: `ctn_${randomBytes(10).toString('hex')}`,
        findingId: finding.id,
        targetKey: offer.targetKey,
        ...(card ? { channel: card.channel, ts: card.ts } : { channel: input.channel }),
      },
      findingTitle: findingTitle(finding),
      options: offer.options,
      safety: containWords.safety(stepUp, rule.fourEyes, p.settings.contain?.approvers),
      note,
    }),
  );
}
