import { code, safeMrkdwn } from '../../blockkit/mrkdwn.js';
import type { SlashCommand } from '../../domain/command.js';
import type { Ports } from '../../ports/index.js';
import type { Audience } from '../../ports/slack.js';
import { startLink } from '../../usecases/access-reviews/link.js';
import { unlinkReviewer } from '../../usecases/access-reviews/unlink.js';
import { listApprovals } from '../../usecases/approvals/expire-approvals.js';
import { showCampaign } from '../../usecases/campaigns/show-campaign.js';
import { openContainForm } from '../../usecases/contain/open-contain.js';
import { buildAction, type CommandContext } from '../../usecases/findings/command-action.js';
import { createTask } from '../../usecases/findings/create-task.js';
import { openActionModal } from '../../usecases/findings/open-action-modal.js';
import { showFinding } from '../../usecases/findings/show-finding.js';
import { openHistory } from '../../usecases/findings/show-history.js';
import { submitFindingAction } from '../../usecases/findings/submit-action.js';
import { reportPrivately } from '../../usecases/sla/sla-report.js';
import { inChannel } from '../access.js';
import type { Bound, Granted } from '../route.js';

/**
 * `/warden …`, one row a subcommand: the permission it needs and the use case it runs (the
 * grammar and each subcommand's usage are domain/command.ts; `help` is answered in the ack).
 */

export type CommandKind = Exclude<SlashCommand['kind'], 'help'>;
type Of<K extends CommandKind> = Extract<SlashCommand, { kind: K }> & { kind: K };
type Ctx = CommandContext & { audience: Audience; viewId: string | undefined };

interface CommandRow<K extends CommandKind> {
  what: (c: Of<K>) => string;
  access: ((c: Of<K>, ctx: CommandContext) => Granted) | { none: string };
  /** Opens a modal: a loading view first, with the command's trigger_id. */
  modal?: (c: Of<K>) => boolean;
  run: (p: Ports, c: Of<K>, ctx: Ctx) => Promise<void>;
}

/** The permission of the same name, in the channel the command was typed in, for its finding. */
const here = (
  c: Exclude<SlashCommand, { kind: 'help' | 'approvals' | 'link' | 'unlink' | 'report' }>,
  ctx: CommandContext,
): Granted =>
  inChannel(c.kind, { userId: ctx.userId, channel: ctx.channel }, 'findingId' in c ? c.findingId : undefined);

/** A state change typed as a command: the action read in the person's time zone, then submitted. */
async function change(p: Ports, c: SlashCommand & { findingId: string }, ctx: Ctx): Promise<void> {
  const built = await buildAction(p, c, ctx);
  if (!built) return;
  if (!built.ok) {
    await p.privately.tell(ctx.audience, `:warning: ${safeMrkdwn(built.error, 500)}`);
    return;
  }
  const { findingId } = c;
  const s = { findingId, action: built.action, actorId: ctx.userId, channel: ctx.channel };
  await submitFindingAction(p, { ...s, audience: ctx.audience, ref: ctx.ref });
}

const changeWhat = (c: { kind: string; findingId: string }) => `${c.kind} finding ${code(c.findingId)}`;

export const COMMANDS: { [K in CommandKind]: CommandRow<K> } = {
  show: {
    what: (c) => `show finding ${code(c.findingId)}`,
    access: here,
    run: async (p, c, ctx) => void (await showFinding(p, c.findingId, ctx.channel, ctx.audience)),
  },
  snooze: { what: changeWhat, access: here, run: change },
  suppress: { what: changeWhat, access: here, run: change },
  resolve: { what: changeWhat, access: here, run: change },
  reopen: { what: changeWhat, access: here, run: change },
  unsuppress: { what: changeWhat, access: here, run: change },
  acceptRisk: {
    what: (c) =>
      c.when === undefined ? 'open the accept-risk form' : `accept the risk of ${code(c.findingId)}`,
    access: here,
    modal: (c) => c.when === undefined,
    run: async (p, c, ctx) => {
      if (c.when !== undefined) return change(p, c, ctx);
      if (!ctx.viewId) return;
      const { findingId, userId, channel, ref, viewId } = {
        ...ctx,
        findingId: c.findingId,
        viewId: ctx.viewId,
      };
      await openActionModal(p, { kind: 'acceptRisk', findingId, userId, channel, ref, viewId });
    },
  },
  campaign: {
    what: (c) => `show campaign ${code(c.campaignId)}`,
    access: here,
    run: (p, c, ctx) =>
      showCampaign(
        p,
        { campaignId: c.campaignId, page: 0, userId: ctx.userId, audience: ctx.audience, ref: ctx.ref },
        false,
      ),
  },
  report: {
    what: () => 'send the SLA report',
    // The tenant's figures and its most overdue findings: for whoever may read findings' history here.
    access: (_c, ctx) => inChannel('history', { userId: ctx.userId, channel: ctx.channel }),
    run: (p, c, ctx) => reportPrivately(p, { userId: ctx.userId, days: c.days, audience: ctx.audience }),
  },
  approvals: {
    what: () => 'list the approvals',
    access: {
      none: 'lists only what the person may see: their own requests, or all of them for an approver',
    },
    run: (p, _c, ctx) => listApprovals(p, ctx.audience),
  },
  createTask: {
    what: (c) => `create a task for ${code(c.findingId)}`,
    access: here,
    run: (p, c, ctx) =>
      createTask(p, {
        findingId: c.findingId,
        userId: ctx.userId,
        channel: ctx.channel,
        audience: ctx.audience,
        ref: ctx.ref,
      }),
  },
  link: {
    what: () => 'link your tenant account',
    access: (_c, ctx) => inChannel('review', { userId: ctx.userId, channel: ctx.channel }),
    run: (p, _c, ctx) => startLink(p, { userId: ctx.userId, audience: ctx.audience, ref: ctx.ref }),
  },
  unlink: {
    what: () => 'unlink your tenant account',
    access: (_c, ctx) => inChannel('review', { userId: ctx.userId, channel: ctx.channel }),
    run: async (p, _c, ctx) =>
      void (await unlinkReviewer(p, {
        team: p.settings.teamId,
        userId: ctx.userId,
        why: 'asked',
        audience: ctx.audience,
        ref: ctx.ref,
      })),
  },
  contain: {
    what: (c) => `open Contain… for ${code(c.findingId)}`,
    access: (c, ctx) => inChannel('contain', ctx, c.findingId),
    modal: () => true,
    run: (p, c, ctx) =>
      openContainForm(p, {
        findingId: c.findingId,
        userId: ctx.userId,
        channel: ctx.channel,
        viewId: ctx.viewId ?? '',
        ref: ctx.ref,
      }),
  },
  history: {
    what: (c) => `show the history of ${code(c.findingId)}`,
    access: here,
    modal: () => true,
    run: (p, c, ctx) =>
      openHistory(p, {
        findingId: c.findingId,
        userId: ctx.userId,
        channel: ctx.channel,
        ref: ctx.ref,
        viewId: ctx.viewId ?? '',
      }),
  },
};

/** A parsed command bound to its row, ready for the runner. */
export function bindCommand<K extends CommandKind>(
  kind: K,
  c: Of<K>,
  ctx: CommandContext,
  audience: Audience,
) {
  const row: CommandRow<K> = COMMANDS[kind];
  const bound: Bound = {
    access: async () => ('none' in row.access ? undefined : row.access(c, ctx)),
    run: (p, viewId) => row.run(p, c, { ...ctx, audience, viewId }),
    modal: row.modal?.(c) ? 'open' : undefined,
  };
  return { bound, what: row.what(c) };
}
