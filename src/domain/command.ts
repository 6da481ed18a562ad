import { isResourceId } from './finding-id.js';

/**
 * The slash command's grammar. Parsing is pure: times are kept as the text typed and read later
 * in the person's time zone.
 */
export type SlashCommand =
  | { kind: 'help' }
  | { kind: 'show'; findingId: string }
  | { kind: 'snooze'; findingId: string; when: string; reason: string }
  | { kind: 'suppress'; findingId: string; reason: string }
  | { kind: 'acceptRisk'; findingId: string; when?: string; justification?: string }
  | { kind: 'resolve'; findingId: string; reason: string }
  | { kind: 'reopen'; findingId: string }
  | { kind: 'unsuppress'; findingId: string }
  | { kind: 'campaign'; campaignId: string }
  | { kind: 'approvals' };

export type ParsedCommand = { ok: true; command: SlashCommand } | { ok: false; error: string };

/** One line per subcommand, shown on `help` and after a mistake. */
export function usage(command: string): string {
  return [
    `*${command} help*: this list`,
    `*${command} show* \`<finding-id>\`: post the finding's alert here`,
    `*${command} snooze* \`<finding-id> <when> <reason…>\`: e.g. \`${command} snooze FND_1 7d waiting on vendor\``,
    `*${command} suppress* \`<finding-id> <reason…>\`: permanent until reopened`,
    `*${command} accept-risk* \`<finding-id> [<when> <justification…>]\`: without the rest, opens a form`,
    `*${command} resolve* \`<finding-id> [reason…]\``,
    `*${command} reopen* \`<finding-id>\``,
    `*${command} unsuppress* \`<finding-id>\``,
    `*${command} campaign* \`<access-review-id>\`: a campaign's scope and selected entitlements`,
    `*${command} approvals*: risk acceptances waiting for an approver`,
    'Times: `7d`, `2w`, `36h`, `P7D`, `2026-12-01` or `2026-12-01 09:00` (your Slack time zone).',
  ].join('\n');
}

const SUBCOMMANDS: Record<string, SlashCommand['kind']> = {
  help: 'help',
  show: 'show',
  snooze: 'snooze',
  suppress: 'suppress',
  'accept-risk': 'acceptRisk',
  acceptrisk: 'acceptRisk',
  resolve: 'resolve',
  reopen: 'reopen',
  unsuppress: 'unsuppress',
  campaign: 'campaign',
  approvals: 'approvals',
};

/** Longest text accepted as a reason or justification (the tenant's fields are free text). */
export const MAX_REASON_LENGTH = 2_000;

/** The time at the start of `words`: one word, or two for `2026-12-01 09:00`. */
function takeWhen(words: string[]): [string | undefined, string[]] {
  const [first, second, ...others] = words;
  if (first && second && /^\d{4}-\d{2}-\d{2}$/.test(first) && /^\d{1,2}:\d{2}$/.test(second)) {
    return [`${first} ${second}`, others];
  }
  return [first, words.slice(1)];
}

export function parseCommand(text: string): ParsedCommand {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const [sub = 'help', id, ...rest] = words;
  const kind = SUBCOMMANDS[sub.toLowerCase()];
  if (!kind) return { ok: false, error: `Unknown subcommand "${sub.slice(0, 30)}".` };
  if (kind === 'help' || kind === 'approvals') return { ok: true, command: { kind } };
  if (id === undefined) return { ok: false, error: `\`${sub}\` needs an id.` };
  if (!isResourceId(id)) return { ok: false, error: `"${id.slice(0, 40)}" is not a valid id.` };
  if (kind === 'campaign') return { ok: true, command: { kind, campaignId: id } };
  const findingId = id;
  const rawRest = text.trim().split(/\s+/).slice(2).join(' ');
  const tooLong = rawRest.length > MAX_REASON_LENGTH;
  if (tooLong)
    return { ok: false, error: `The text is ${rawRest.length} characters; at most ${MAX_REASON_LENGTH}.` };
  switch (kind) {
    case 'show':
    case 'reopen':
    case 'unsuppress':
      return { ok: true, command: { kind, findingId } };
    case 'snooze': {
      const [when, reason] = takeWhen(rest);
      if (!when || reason.length === 0) return { ok: false, error: '`snooze` needs a time and a reason.' };
      return { ok: true, command: { kind, findingId, when, reason: reason.join(' ') } };
    }
    case 'suppress':
      if (rest.length === 0) return { ok: false, error: '`suppress` needs a reason.' };
      return { ok: true, command: { kind, findingId, reason: rest.join(' ') } };
    case 'resolve':
      return { ok: true, command: { kind, findingId, reason: rest.join(' ') } };
    case 'acceptRisk': {
      if (rest.length === 0) return { ok: true, command: { kind, findingId } };
      const [when, justification] = takeWhen(rest);
      if (!when || justification.length === 0) {
        return {
          ok: false,
          error: '`accept-risk` takes an expiry and a justification, or nothing to open the form.',
        };
      }
      return { ok: true, command: { kind, findingId, when, justification: justification.join(' ') } };
    }
  }
}
