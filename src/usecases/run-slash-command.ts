import { describeFailure } from '../blockkit/failure.js';
import { JUSTIFICATION_MIN } from '../blockkit/forms/form-view.js';
import { code, safeMrkdwn } from '../blockkit/mrkdwn.js';
import type { FindingAction } from '../domain/actions.js';
import { closureFromWords, closureReasonText } from '../domain/closure.js';
import type { SlashCommand } from '../domain/command.js';
import type { PolicyAction } from '../domain/policy.js';
import { checkBounds, parseWhen } from '../domain/when.js';
import type { Ports } from '../ports/index.js';
import type { Audience } from '../ports/slack.js';
import { type AuthorizePorts, authorize } from './authorize.js';
import type { ChangePorts } from './change-finding-state.js';
import { createTask } from './create-task.js';
import { listApprovals } from './expire-approvals.js';
import { logTenantFailure } from './log-failure.js';
import { type OpenFormPorts, openActionModal } from './open-action-modal.js';
import type { RequestPorts } from './request-risk-acceptance.js';
import { type CampaignPorts, showCampaign } from './show-campaign.js';
import { showFinding } from './show-finding.js';
import { openHistory } from './show-history.js';
import { submitFindingAction } from './submit-action.js';

export type CommandPorts = ChangePorts & RequestPorts & AuthorizePorts & OpenFormPorts & CampaignPorts;

export interface CommandContext {
  userId: string;
  channel: string;
  triggerId: string;
  responseUrl: string | undefined;
  ref: string;
}

type Built = { ok: true; action: FindingAction } | { ok: false; error: string };

async function untilFrom(
  p: Pick<Ports, 'people' | 'clock'>,
  ctx: CommandContext,
  when: string,
  maxDays: number,
) {
  const tz = await p.people.timeZone(ctx.userId);
  const now = new Date(p.clock());
  const parsed = parseWhen(when, tz, now);
  if (!parsed.ok) return parsed;
  const bound = checkBounds(parsed.at, now, maxDays);
  return bound ? { ok: false as const, error: bound } : parsed;
}

/** The action a command asks for, with its times read in the person's time zone. */
async function buildAction(
  p: CommandPorts,
  command: SlashCommand,
  ctx: CommandContext,
): Promise<Built | undefined> {
  const { limits } = p.settings;
  switch (command.kind) {
    case 'snooze': {
      const until = await untilFrom(p, ctx, command.when, limits.snoozeMaxDays);
      return until.ok
        ? { ok: true, action: { kind: 'snooze', reason: command.reason, until: until.at } }
        : until;
    }
    case 'acceptRisk': {
      if (command.when === undefined || command.justification === undefined) return undefined;
      if (command.justification.length < JUSTIFICATION_MIN) {
        return { ok: false, error: `The justification needs at least ${JUSTIFICATION_MIN} characters.` };
      }
      const until = await untilFrom(p, ctx, command.when, limits.riskAcceptanceMaxDays);
      return until.ok
        ? {
            ok: true,
            action: { kind: 'acceptRisk', justification: command.justification, expiresAt: until.at },
          }
        : until;
    }
    case 'suppress':
    case 'resolve': {
      // `/warden suppress FND_1 false_positive test rig`: a closure id first names the closure
      const { closure, words } = closureFromWords(p.settings.closureReasons, command.reason);
      if (!closure) return { ok: true, action: { kind: command.kind, reason: command.reason } };
      const reason = closureReasonText(closure, words);
      return { ok: true, action: { kind: command.kind, reason, closure: closure.id } };
    }
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
  p: CommandPorts,
  command: SlashCommand,
  ctx: CommandContext,
): Promise<void> {
  const audience: Audience = { channel: ctx.channel, user: ctx.userId, responseUrl: ctx.responseUrl };
  const log = p.logger.child({
    ref: ctx.ref,
    user: ctx.userId,
    channel: ctx.channel,
    command: command.kind,
    ...('findingId' in command ? { findingId: command.findingId } : {}),
  });
  if (command.kind === 'help') return;
  if (command.kind === 'approvals') return listApprovals(p, audience);
  if (command.kind === 'history') {
    // The modal checks the permission itself, after it opens (the trigger_id lives 3 s).
    return openHistory(p, {
      findingId: command.findingId,
      userId: ctx.userId,
      channel: ctx.channel,
      triggerId: ctx.triggerId,
      ref: ctx.ref,
    });
  }
  // `show` posts a full card for everyone in the channel: it has its own permission.
  const action: PolicyAction = command.kind;
  const findingId = 'findingId' in command ? command.findingId : undefined;
  const request = { kind: 'act' as const, userId: ctx.userId, action, channel: ctx.channel, findingId };
  if (!(await authorize(p, request, ctx.ref, audience))) return;
  if (command.kind === 'campaign') {
    const req = { campaignId: command.campaignId, page: 0, userId: ctx.userId, audience, ref: ctx.ref };
    return showCampaign(p, req, false);
  }
  if (command.kind === 'show') {
    try {
      await showFinding(p, command.findingId, ctx.channel);
    } catch (error) {
      logTenantFailure(log, error, 'show failed');
      await p.privately.tell(
        audience,
        describeFailure(error, `show finding ${code(command.findingId)}`, ctx.ref),
      );
    }
    return;
  }
  if (command.kind === 'createTask') {
    return createTask(p, {
      findingId: command.findingId,
      userId: ctx.userId,
      channel: ctx.channel,
      audience,
      ref: ctx.ref,
    });
  }
  if (command.kind === 'acceptRisk' && command.when === undefined) {
    try {
      await openActionModal(p, {
        kind: 'acceptRisk',
        findingId: command.findingId,
        triggerId: ctx.triggerId,
        userId: ctx.userId,
        channel: ctx.channel,
        ref: ctx.ref,
      });
    } catch (error) {
      logTenantFailure(log, error, 'could not open the accept-risk form');
      await p.privately.tell(audience, describeFailure(error, 'open the accept-risk form', ctx.ref));
    }
    return;
  }
  const built = await buildAction(p, command, ctx);
  if (!built) return;
  if (!built.ok) {
    await p.privately.tell(audience, `:warning: ${safeMrkdwn(built.error, 500)}`);
    return;
  }
  await submitFindingAction(p, {
    findingId: command.findingId,
    action: built.action,
    actorId: ctx.userId,
    channel: ctx.channel,
    audience,
    ref: ctx.ref,
  });
}
