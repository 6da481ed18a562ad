import { describeFailure, slackErrorCode } from '../blockkit/failure.js';
import { JUSTIFICATION_MIN } from '../blockkit/modals.js';
import { code, safeMrkdwn } from '../blockkit/mrkdwn.js';
import type { FindingAction } from '../domain/actions.js';
import type { SlashCommand } from '../domain/command.js';
import { checkBounds, parseWhen } from '../domain/when.js';
import { listApprovals, requestRiskAcceptance } from './approvals.js';
import { authorize } from './authorize.js';
import { changeFindingState } from './change-finding-state.js';
import type { WardenDeps } from './deps.js';
import { openActionModal } from './open-action-modal.js';
import { showCampaign } from './show-campaign.js';
import { showFinding } from './show-finding.js';
import { type Audience, tellUser } from './tell-user.js';

export interface CommandContext {
  userId: string;
  channel: string;
  triggerId: string;
  responseUrl: string | undefined;
  ref: string;
}

type Built = { ok: true; action: FindingAction } | { ok: false; error: string };

async function untilFrom(deps: WardenDeps, ctx: CommandContext, when: string, maxDays: number) {
  const tz = await deps.users.timeZone(ctx.userId);
  const now = deps.now();
  const parsed = parseWhen(when, tz, now);
  if (!parsed.ok) return parsed;
  const bound = checkBounds(parsed.at, now, maxDays);
  return bound ? { ok: false as const, error: bound } : parsed;
}

async function buildAction(
  deps: WardenDeps,
  command: SlashCommand,
  ctx: CommandContext,
): Promise<Built | undefined> {
  switch (command.kind) {
    case 'snooze': {
      const until = await untilFrom(deps, ctx, command.when, deps.limits.snoozeMaxDays);
      return until.ok
        ? { ok: true, action: { kind: 'snooze', reason: command.reason, until: until.at } }
        : until;
    }
    case 'acceptRisk': {
      if (command.when === undefined || command.justification === undefined) return undefined;
      if (command.justification.length < JUSTIFICATION_MIN) {
        return { ok: false, error: `The justification needs at least ${JUSTIFICATION_MIN} characters.` };
      }
      const until = await untilFrom(deps, ctx, command.when, deps.limits.riskAcceptanceMaxDays);
      return until.ok
        ? {
            ok: true,
            action: { kind: 'acceptRisk', justification: command.justification, expiresAt: until.at },
          }
        : until;
    }
    case 'suppress':
      return { ok: true, action: { kind: 'suppress', reason: command.reason } };
    case 'resolve':
      return { ok: true, action: { kind: 'resolve', reason: command.reason } };
    case 'reopen':
    case 'unsuppress':
      return { ok: true, action: { kind: command.kind } };
    default:
      return undefined;
  }
}

/**
 * Runs a parsed slash command after the ack. Results go to the channel the command was typed
 * in; problems go to the person alone.
 */
export async function runSlashCommand(
  deps: WardenDeps,
  command: SlashCommand,
  ctx: CommandContext,
): Promise<void> {
  const audience: Audience = { channel: ctx.channel, user: ctx.userId, responseUrl: ctx.responseUrl };
  const log = deps.logger.child({
    ref: ctx.ref,
    user: ctx.userId,
    channel: ctx.channel,
    command: command.kind,
  });
  if (command.kind === 'help') return;
  if (command.kind === 'approvals') {
    await listApprovals(deps, audience);
    return;
  }
  if (command.kind !== 'show') {
    const action = command.kind === 'campaign' ? 'campaign' : command.kind;
    const findingId = 'findingId' in command ? command.findingId : undefined;
    if (
      !(await authorize(
        deps,
        { userId: ctx.userId, action, channel: ctx.channel, findingId, ref: ctx.ref },
        audience,
      ))
    )
      return;
  }
  if (command.kind === 'campaign') {
    await showCampaign(
      deps,
      { campaignId: command.campaignId, page: 0, userId: ctx.userId, audience, ref: ctx.ref },
      false,
    );
    return;
  }
  if (command.kind === 'show') {
    try {
      await showFinding(deps, command.findingId, ctx.channel);
    } catch (error) {
      log.warn({ err: error }, 'show failed');
      const why = slackErrorCode(error);
      const text =
        why === 'not_in_channel' || why === 'channel_not_found'
          ? `:warning: Warden cannot post in this channel (${code(why)}). Invite it with \`/invite @Warden\` and try again.`
          : describeFailure(error, `show finding ${code(command.findingId)}`, ctx.ref);
      await tellUser(deps, audience, text);
    }
    return;
  }
  if (command.kind === 'acceptRisk' && command.when === undefined) {
    try {
      await openActionModal(deps, {
        kind: 'acceptRisk',
        findingId: command.findingId,
        triggerId: ctx.triggerId,
        userId: ctx.userId,
        channel: ctx.channel,
        ref: ctx.ref,
      });
    } catch (error) {
      log.warn({ err: error }, 'could not open the accept-risk form');
      await tellUser(deps, audience, describeFailure(error, 'open the accept-risk form', ctx.ref));
    }
    return;
  }
  const built = await buildAction(deps, command, ctx);
  if (!built) return;
  if (!built.ok) {
    await tellUser(deps, audience, `:warning: ${safeMrkdwn(built.error, 500)}`);
    return;
  }
  if (built.action.kind === 'acceptRisk' && deps.approvers) {
    await requestRiskAcceptance(deps, {
      findingId: command.findingId,
      justification: built.action.justification,
      expiresAt: built.action.expiresAt,
      requesterId: ctx.userId,
      channel: ctx.channel,
      messageTs: (await deps.store.messagesFor(command.findingId).catch(() => [])).find(
        (m) => m.channel === ctx.channel,
      )?.ts,
      audience,
      ref: ctx.ref,
    });
    return;
  }
  await changeFindingState(deps, {
    findingId: command.findingId,
    action: built.action,
    actorId: ctx.userId,
    audience,
    channel: ctx.channel,
    ref: ctx.ref,
  });
}
