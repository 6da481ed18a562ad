import { randomBytes } from 'node:crypto';
import { describeFailure } from '../../blockkit/failure.js';
import { code, mention } from '../../blockkit/mrkdwn.js';
import { nobodyNotified, said } from '../../blockkit/outcome-words.js';
import { alreadyNotifiedText } from '../../blockkit/owner-words.js';
import type { Finding } from '../../model/finding.js';
import type { Ports } from '../../ports/index.js';
import type { Audience } from '../../ports/slack.js';
import {
  type AlertLifePorts,
  type Card,
  indexedCard,
  postCard,
  replaceCard,
  replyInThread,
  trackCard,
} from '../shared/alert-life.js';
import type { AuthorizePorts } from '../shared/authorize.js';
import { logTenantFailure } from '../shared/log-failure.js';
import { recordAudit } from '../shared/record-audit.js';
import { type OwnerDm, type OwnerDmPorts, ownerDmOf } from './owner-dm.js';

/**
 * Notify owner: the finding's card sent to its owner in a direct message. The copy is a tracked
 * card like any other (replaced on every change, its buttons checked for whoever clicks them);
 * asked again, Warden replies in the copy's thread instead of posting a second one. One
 * notification per finding and owner within the cooldown (`cards.notifyCooldown`), claimed in the
 * store so concurrent clicks on any replica send one; a click within it is told when it went.
 */
export type NotifyPorts = AlertLifePorts &
  AuthorizePorts &
  OwnerDmPorts &
  Pick<Ports, 'findings' | 'privately'>;

export interface NotifyInput {
  findingId: string;
  userId: string;
  channel: string;
  card?: Card | undefined;
  audience: Audience;
  ref: string;
}

/** Puts the card in the owner's DM (or brings up the copy already there); returns the copy. */
export async function sendToOwner(
  p: AlertLifePorts,
  finding: Finding,
  dm: Extract<OwnerDm, { ok: true }>,
  why: string,
): Promise<Card> {
  const there = (await p.cards.messagesFor(finding.id)).filter((m) => m.channel === dm.channel).at(-1);
  const card = there
    ? await replaceCard(p, finding, indexedCard(there))
    : await postCard(p, finding, dm.channel);
  await trackCard(p, finding, card);
  await replyInThread(p, card, why);
  return card;
}

/** What happened, for a caller that reports it itself (a workflow step): the person is told either way. */
export type NotifyOutcome = { ok: true; owner: string } | { ok: false; text: string };

export async function notifyOwner(p: NotifyPorts, input: NotifyInput): Promise<NotifyOutcome> {
  const { findingId, ref } = input;
  const log = p.logger.child({ ref, findingId, user: input.userId, action: 'notifyOwner' });
  const audit = (
    outcome: 'ok' | 'refused' | 'failed',
    error?: string,
    params: Record<string, unknown> = {},
  ) =>
    recordAudit(p, {
      userId: input.userId,
      channel: input.channel,
      findingId,
      action: 'notifyOwner',
      params: { ref, ...params },
      outcome,
      error,
    });
  let finding: Finding;
  let dm: OwnerDm;
  try {
    finding = await p.findings.get(findingId);
    dm = await ownerDmOf(p, finding);
  } catch (error) {
    logTenantFailure(log, error, 'owner not notified');
    await audit('failed', String(error).slice(0, 200));
    const text = describeFailure(error, `notify the owner of ${code(findingId)}`, ref);
    await p.privately.tell(input.audience, text);
    return { ok: false, text };
  }
  if (!dm.ok) {
    log.info({ why: dm.code }, 'owner not notified');
    await audit('refused', dm.code);
    const text = nobodyNotified(dm.text);
    await p.privately.tell(input.audience, text);
    return { ok: false, text };
  }
  const params = { owner: dm.identityUserId, slackUser: dm.slackUserId };
  const claim = {
    findingId,
    owner: dm.slackUserId,
    by: input.userId,
    holder: randomBytes(8).toString('hex'),
  };
  const now = p.clock();
  let taken: Awaited<ReturnType<NotifyPorts['cards']['claimOwnerNotice']>>;
  try {
    taken = await p.cards.claimOwnerNotice({ ...claim, until: now + p.settings.notifyCooldownMs }, now);
  } catch (error) {
    log.warn({ err: error }, 'owner not notified: the cooldown could not be claimed');
    await audit('failed', String(error).slice(0, 200), params);
    const text = describeFailure(error, 'send the finding to its owner', ref);
    await p.privately.tell(input.audience, text);
    return { ok: false, text };
  }
  if (taken !== true) {
    log.info({ owner: dm.slackUserId, at: taken.at }, 'owner not notified: already notified');
    await audit('refused', 'already-notified', params);
    const again = new Date(taken.until);
    const words = { owner: dm.slackUserId, by: taken.by, at: new Date(taken.at), again, you: input.userId };
    const text = alreadyNotifiedText(words);
    await p.privately.tell(input.audience, text);
    return { ok: false, text };
  }
  try {
    await sendToOwner(
      p,
      finding,
      dm,
      `${mention(input.userId)} sent you this finding: you are its ${dm.which} owner in the tenant.`,
    );
  } catch (error) {
    log.warn({ err: error }, 'owner not notified: the direct message failed');
    // Not sent: the next click may try again at once.
    await p.cards.releaseOwnerNotice(findingId, claim.owner, claim.holder).catch(() => undefined);
    await audit('failed', String(error).slice(0, 200), params);
    const text = describeFailure(error, 'send the finding to its owner', ref);
    await p.privately.tell(input.audience, text);
    return { ok: false, text };
  }
  await audit('ok', undefined, params);
  log.info({ owner: dm.slackUserId }, 'owner notified');
  const line = `${mention(input.userId)} sent this to its owner, ${mention(dm.slackUserId)}.`;
  if (input.card)
    await replyInThread(p, input.card, line).catch(() => p.privately.tell(input.audience, line));
  else await p.privately.tell(input.audience, said(line));
  return { ok: true, owner: dm.slackUserId };
}
