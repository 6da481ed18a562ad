import { JUSTIFICATION_MIN } from '../../blockkit/forms/form-view.js';
import type { FindingAction } from '../../domain/actions.js';
import { closureFromWords, closureReasonText } from '../../domain/closure.js';
import type { SlashCommand } from '../../domain/command.js';
import { checkBounds, parseWhen } from '../../domain/when.js';
import type { Ports } from '../../ports/index.js';

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

/**
 * The action a command asks for, with its times read in the person's time zone; undefined for a
 * command that is not a state change.
 */
export async function buildAction(
  p: Pick<Ports, 'people' | 'clock' | 'settings'>,
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
