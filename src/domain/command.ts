import { t } from '../i18n/speak.js';
import { lacksWords } from './closure.js';
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
  | { kind: 'approvals' }
  | { kind: 'createTask'; findingId: string }
  | { kind: 'history'; findingId: string }
  | { kind: 'link' }
  | { kind: 'unlink' }
  | { kind: 'contain'; findingId: string }
  /** The SLA report of the last `days` days, to the person alone (issue 38). */
  | { kind: 'report'; days: number };

export type ParsedCommand =
  | { ok: true; command: SlashCommand }
  /** `usage`: the subcommand whose usage to show with the error (unknown subcommands get them all). */
  | { ok: false; error: string; usage?: SlashCommand['kind'] };

/**
 * At most `max` characters of what the person typed, for echoing it back: cut before it is
 * escaped (the listener escapes the whole message), and never inside a surrogate pair.
 */
function echo(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}

// Placeholders are written escaped: in mrkdwn `<…>` is Slack's own syntax, even inside backticks.
const ID = '&lt;finding-id&gt;';

/** One line of usage per subcommand: its syntax, and what it does in the reader's language. */
const USAGE: Record<SlashCommand['kind'], (command: string) => string> = {
  help: (c) => `*${c} help*: ${t('command.help')}`,
  show: (c) => `*${c} show* \`${ID}\`: ${t('command.show')}`,
  snooze: (c) =>
    `*${c} snooze* \`${ID} &lt;when&gt; &lt;reason…&gt;\`: ${t('command.snooze', { command: c })}`,
  suppress: (c) => `*${c} suppress* \`${ID} &lt;reason…&gt;\`: ${t('command.suppress')}`,
  acceptRisk: (c) =>
    `*${c} accept-risk* \`${ID} [&lt;when&gt; &lt;justification…&gt;]\`: ${t('command.acceptRisk')}`,
  resolve: (c) => `*${c} resolve* \`${ID} [reason…]\``,
  reopen: (c) => `*${c} reopen* \`${ID}\``,
  unsuppress: (c) => `*${c} unsuppress* \`${ID}\`: ${t('command.unsuppress')}`,
  campaign: (c) => `*${c} campaign* \`&lt;access-review-id&gt;\`: ${t('command.campaign')}`,
  approvals: (c) => `*${c} approvals*: ${t('command.approvals')}`,
  createTask: (c) => `*${c} task* \`${ID}\`: ${t('command.createTask')}`,
  history: (c) => `*${c} history* \`${ID}\`: ${t('command.history')}`,
  link: (c) => `*${c} link*: ${t('command.link')}`,
  unlink: (c) => `*${c} unlink*: ${t('command.unlink')}`,
  contain: (c) => `*${c} contain* \`${ID}\`: ${t('command.contain')}`,
  report: (c) => `*${c} report* \`[days]\`: ${t('command.report')}`,
};

const times = (): string => t('command.times');
const TAKES_TIME = new Set<SlashCommand['kind']>(['snooze', 'acceptRisk']);

/** Every subcommand's usage, shown on `help` and after an unknown subcommand. */
export function usage(command: string): string {
  return [...Object.values(USAGE).map((line) => line(command)), times()].join('\n');
}

/** One subcommand's usage (with the time formats when it takes a time): shown after its mistakes. */
export function usageOf(command: string, kind: SlashCommand['kind']): string {
  return TAKES_TIME.has(kind) ? `${USAGE[kind](command)}\n${times()}` : USAGE[kind](command);
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
  task: 'createTask',
  history: 'history',
  link: 'link',
  unlink: 'unlink',
  contain: 'contain',
  report: 'report',
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
  if (!kind) return { ok: false, error: `Unknown subcommand "${echo(sub, 30)}".` };
  if (kind === 'help' || kind === 'approvals' || kind === 'link' || kind === 'unlink')
    return { ok: true, command: { kind } };
  if (kind === 'report') {
    if (id === undefined) return { ok: true, command: { kind, days: 7 } };
    const days = /^\d{1,2}$/.test(id) ? Number(id) : Number.NaN;
    if (!(days >= 1 && days <= 90) || rest.length > 0)
      return { ok: false, error: `"${echo(id, 20)}" is not a number of days from 1 to 90.`, usage: kind };
    return { ok: true, command: { kind, days } };
  }
  if (id === undefined) return { ok: false, error: `\`${sub}\` needs an id.`, usage: kind };
  if (!isResourceId(id)) return { ok: false, error: `"${echo(id, 40)}" is not a valid id.`, usage: kind };
  if (kind === 'campaign') return { ok: true, command: { kind, campaignId: id } };
  const findingId = id;
  const rawRest = text.trim().split(/\s+/).slice(2).join(' ');
  const tooLong = rawRest.length > MAX_REASON_LENGTH;
  if (tooLong)
    return {
      ok: false,
      error: `The text is ${rawRest.length} characters; at most ${MAX_REASON_LENGTH}.`,
      usage: kind,
    };
  switch (kind) {
    case 'show':
    case 'reopen':
    case 'unsuppress':
    case 'createTask':
    case 'history':
    case 'contain':
      return { ok: true, command: { kind, findingId } };
    case 'snooze': {
      const [when, reason] = takeWhen(rest);
      if (!when || reason.length === 0)
        return { ok: false, error: '`snooze` needs a time and a reason.', usage: kind };
      return { ok: true, command: { kind, findingId, when, reason: reason.join(' ') } };
    }
    case 'suppress':
    case 'resolve': {
      if (kind === 'suppress' && rest.length === 0)
        return { ok: false, error: '`suppress` needs a reason.', usage: kind };
      // `other` first names no closure by itself: as in the forms, the words after it are required
      const [first, ...words] = rest;
      if (lacksWords(first, words.join(' ')))
        return { ok: false, error: '`other` needs your words: say why after it.', usage: kind };
      return { ok: true, command: { kind, findingId, reason: rest.join(' ') } };
    }
    case 'acceptRisk': {
      if (rest.length === 0) return { ok: true, command: { kind, findingId } };
      const [when, justification] = takeWhen(rest);
      if (!when || justification.length === 0) {
        return {
          ok: false,
          error: '`accept-risk` takes an expiry and a justification, or nothing to open the form.',
          usage: kind,
        };
      }
      return { ok: true, command: { kind, findingId, when, justification: justification.join(' ') } };
    }
  }
}
