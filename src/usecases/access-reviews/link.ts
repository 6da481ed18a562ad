import { reviewWords } from '../../blockkit/access-review-words.js';
import type { DeviceAuthorization } from '../../model/access-review.js';
import type { DevicePoll } from '../../ports/access-reviews.js';
import type { Ports } from '../../ports/index.js';
import type { Audience } from '../../ports/slack.js';
import type { Secret } from '../../secret.js';
import { recordAudit } from '../shared/record-audit.js';
import { holdForStepUp } from '../shared/step-up.js';
import { privateTo, reviewsOf } from './reviewer.js';

/**
 * `/warden link` (and Link on the Home tab): the tenant's device authorization flow for the person
 * (RFC 8628, as `cone login` runs it), shown privately (the page and the code), polled as the flow
 * says (its interval; 5 s more after each slow_down; until it expires), then, with the token it
 * yields: who signed in must be the tenant user Slack's email maps this person to (as finding
 * owners are mapped), or nothing is kept; then a personal client named for them, sealed in the
 * store. Where step-up is configured, a fresh sign-in at the organisation's provider comes first.
 */

export type LinkPorts = Pick<
  Ports,
  | 'accessReviews'
  | 'settings'
  | 'privately'
  | 'people'
  | 'owners'
  | 'timers'
  | 'clock'
  | 'logger'
  | 'metrics'
  | 'audit'
  | 'stepUps'
  | 'files'
>;

export interface LinkInput {
  userId: string;
  audience: Audience;
  ref: string;
  verifiedAt?: number | undefined;
}

export const LINK_STEP_UP_KEY = 'review.link';

export async function startLink(p: LinkPorts, given: LinkInput): Promise<void> {
  const input = { ...given, audience: await privateTo(p, given.audience) };
  if (!p.accessReviews) return void (await p.privately.tell(input.audience, reviewWords.notConfigured()));
  const reviews = reviewsOf(p);
  const team = p.settings.teamId;
  if (await reviews.links.get(team, input.userId)) {
    await p.privately.tell(input.audience, reviewWords.alreadyLinked());
    return;
  }
  // A credential that acts as the person is at least as sensitive as every action step-up guards.
  if (p.settings.stepUp && input.verifiedAt === undefined) {
    await holdForStepUp(p, {
      key: LINK_STEP_UP_KEY,
      userId: input.userId,
      findingIds: [],
      audience: input.audience,
      intent: { kind: 'reviewLink', userId: input.userId, channel: input.audience.channel, ref: input.ref },
      ref: input.ref,
    });
    return;
  }
  const key = `${team}:${input.userId}`;
  if (!reviews.linking.begin(key)) {
    await p.privately.tell(input.audience, reviewWords.linkInProgress());
    return;
  }
  let flow: DeviceAuthorization;
  try {
    flow = await reviews.tenant.startDeviceFlow();
  } catch (error) {
    reviews.linking.end(key);
    p.logger.error({ err: error, ref: input.ref }, 'device authorization not started');
    await p.privately.tell(input.audience, reviewWords.linkStartUnlinkable());
    return;
  }
  const url = flow.verification_uri_complete || flow.verification_uri || '';
  await p.privately.tell(
    input.audience,
    reviewWords.linkStart(url, flow.user_code, Math.round(flow.expires_in / 60)),
  );
  // Polled in the background: the flow lasts minutes, the interaction must not hold a worker.
  void pollUntilDone(p, input, flow)
    .catch((error: unknown) => p.logger.error({ err: error, ref: input.ref }, 'linking failed'))
    .finally(() => reviews.linking.end(key));
}

/** RFC 8628 §3.5: wait `interval` between polls, 5 s more after each slow_down, stop at expiry. */
async function pollUntilDone(p: LinkPorts, input: LinkInput, flow: DeviceAuthorization): Promise<void> {
  const reviews = reviewsOf(p);
  const expiresAt = p.clock() + flow.expires_in * 1_000;
  let interval = (flow.interval ?? 5) * 1_000;
  let outcome: DevicePoll = { kind: 'pending' };
  while (outcome.kind === 'pending' || outcome.kind === 'slowDown') {
    await p.timers.sleep(interval);
    if (reviews.linking.stopped) return;
    if (p.clock() >= expiresAt) {
      outcome = { kind: 'expired' };
      break;
    }
    outcome = await reviews.tenant
      .pollDeviceFlow(flow.device_code)
      .catch((): DevicePoll => ({ kind: 'pending' }));
    if (outcome.kind === 'slowDown') interval += 5_000;
  }
  if (outcome.kind !== 'token') {
    const told =
      outcome.kind === 'expired'
        ? reviewWords.linkExpired()
        : outcome.kind === 'denied'
          ? reviewWords.linkDenied()
          : reviewWords.linkFailed(outcome.why);
    await audit(p, input, 'refused', outcome.kind);
    await p.privately.tell(input.audience, told);
    return;
  }
  await finishLink(p, input, outcome.token);
}

/** The device flow's token: the right person, then their personal client, sealed. */
async function finishLink(p: LinkPorts, input: LinkInput, token: Secret): Promise<void> {
  const reviews = reviewsOf(p);
  const [signedIn, expected] = await Promise.all([
    reviews.tenant.whoIs(token),
    p.owners.tenantUserOf(input.userId),
  ]);
  if (!expected.ok) {
    await audit(p, input, 'refused', `no tenant user: ${expected.why}`);
    await p.privately.tell(input.audience, reviewWords.linkNoTenantUser(expected.why));
    return;
  }
  if (!signedIn || signedIn !== expected.identityUserId) {
    await audit(p, input, 'refused', 'signed in as someone else');
    await p.privately.tell(input.audience, reviewWords.linkMismatch());
    return;
  }
  const person = await p.people.get(input.userId);
  const handle = (person.displayName || person.realName || input.userId)
    .replace(/[^\p{L}\p{N}._-]+/gu, '')
    .slice(0, 40);
  const name = reviewWords.clientName(handle || input.userId);
  const made = await reviews.tenant.createClient(token, name);
  try {
    await reviews.links.save(
      {
        team: p.settings.teamId,
        slackUserId: input.userId,
        identityUserId: expected.identityUserId,
        personalClientId: made.personalClientId,
        name,
        createdAt: p.clock(),
      },
      made,
    );
  } catch (error) {
    // Not kept here: not left at the tenant either.
    await reviews.tenant.deleteClientWith(token, made.personalClientId).catch(() => undefined);
    throw error;
  }
  await audit(p, input, 'ok', 'linked');
  await p.privately.tell(input.audience, reviewWords.linked(name));
}

async function audit(p: LinkPorts, input: LinkInput, outcome: 'ok' | 'refused', why: string) {
  p.logger.info({ ref: input.ref, user: input.userId, outcome, why }, 'review link');
  await recordAudit(p, {
    userId: input.userId,
    channel: input.audience.channel,
    action: 'review.link',
    outcome,
    params: {
      ref: input.ref,
      why,
      ...(input.verifiedAt ? { verifiedAt: new Date(input.verifiedAt).toISOString() } : {}),
    },
  });
}
