import { code, mention, quoted } from './mrkdwn.js';

/** What the shortcuts tell people (listeners/routes/shortcuts.ts, usecases/shortcuts/attach-note.ts, report-activity.ts, find-finding.ts). */

/** How much of a message Warden keeps: more is cut, and the note says so. */
export const NOTE_TEXT_MAX = 2_000;
export const CUT_NOTE = '_(the message was longer: Warden kept its beginning; the link shows all of it)_';

export const NOT_A_FINDING_ID = 'That is not a finding id (e.g. FND_…): letters, digits and _ . : - only.';
export const noSuchFinding = (id: string) =>
  `:warning: Warden could not find finding ${code(id, 130)} in the tenant: nothing was attached or filed.`;
export const alreadyAttached = (id: string) =>
  `:information_source: This message is already attached to finding ${code(id, 130)}; nothing was added.`;
export const NOT_A_MESSAGE =
  ':warning: Warden could not read the message this shortcut was used on; nothing was done.';

/** The note in the finding's thread. */
export function noteReply(userId: string, link: string | undefined, text: string, cut: boolean): string {
  const what = link ? `<${link}|a message>` : 'a message';
  const body = text ? `\n${quoted(text, 1_500)}` : '';
  return `:paperclip: ${mention(userId)} attached ${what} to this finding as a note:${body}${cut ? `\n${CUT_NOTE}` : ''}`;
}

/** The same note on the finding's remediation task (plain text: the tenant shows no mrkdwn). */
export function noteComment(userId: string, link: string | undefined, text: string, cut: boolean): string {
  return `Warden note from Slack user ${userId}${link ? ` (${link})` : ''}: ${text}${cut ? ' [cut: the message was longer]' : ''}`;
}

export function noteAttached(id: string, where: readonly string[]): string {
  return `:paperclip: The message is attached to finding ${code(id, 130)} as a note: ${where.join(', ')}. It is offered as evidence when the finding is resolved or suppressed.`;
}

export const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type ReportSeverity = (typeof SEVERITIES)[number];

/** A report posted to the security route's channel. */
export function reportPost(r: {
  userId: string;
  what: string;
  who: string;
  severity: ReportSeverity;
  link: string | undefined;
}): string {
  const from = r.link ? `\n:link: <${r.link}|The message it is about>` : '';
  return `:rotating_light: *Suspicious identity activity reported* by ${mention(r.userId)} (severity: *${r.severity}*)\n*Identity or app:* ${quoted(r.who, 200).slice(2)}\n${quoted(r.what, 1_000)}${from}`;
}

/** The same report as a comment on a finding's remediation task. */
export function reportComment(r: {
  userId: string;
  what: string;
  who: string;
  severity: ReportSeverity;
  link: string | undefined;
}): string {
  return `Suspicious identity activity reported in Slack by ${r.userId} (severity ${r.severity}). Identity or app: ${r.who}. ${r.what}${r.link ? ` Message: ${r.link}` : ''}`;
}

export const reportFiledOnTask = (taskId: string, findingId: string) =>
  `:white_check_mark: Your report was filed on remediation task ${code(taskId, 80)} of finding ${code(findingId, 130)} in the tenant.`;
export const reportPosted = (channel: string) =>
  `:white_check_mark: Your report was posted to the security team in <#${channel}>.`;
export const NO_SECURITY_CHANNEL =
  ':warning: Warden has no security channel configured (ALERTS_CHANNEL or a routing rule), so the report could not be sent; nothing was filed.';

export const FIND_CAP = 10;
export const findCapped = (n: number) =>
  `Showing the first ${n} matches; there are more. Narrow the search (a finding id, an app id, or more words).`;
export const findNone = (q: string) => `No finding matches ${code(q, 100)}.`;
export const FIND_HINT = 'Search by finding id, app id, owner (tenant user id) or words of its description.';
export const cardIsIn = (id: string, channel: string, link: string | undefined) =>
  `:card_index: The card of finding ${code(id, 130)} is in <#${channel}>${link ? `: <${link}|open it>` : ''}.`;
export const NO_CARD_CHANNEL =
  ':warning: Warden has no channel to show this finding in (its routing drops it and no card exists): use `/warden show <finding-id>` in a channel.';

/** A link Slack gave (chat.getPermalink) as mrkdwn, only when it cannot break out of `<…|…>`. */
const safeLink = (link: string | undefined, label: string) =>
  link && /^https?:\/\/[^\s<>|]+$/.test(link) ? `<${link}|${label}>` : label;

/** The closure's evidence under its thread reply: each chosen note, linked to its message. */
export function evidenceLine(evidence: readonly { note: string; link?: string | undefined }[]): string {
  if (evidence.length === 0) return '';
  const items = evidence.map((e, i) => safeLink(e.link, `message ${i + 1}`));
  return `\n:paperclip: Evidence: ${items.join(', ')}`;
}

export const EVIDENCE_LABEL = 'Evidence (notes attached to this finding)';
export const BAD_EVIDENCE = 'Choose only notes attached to this finding.';
export const evidenceLeftOut = (n: number, findingId: string) =>
  `:warning: ${n === 1 ? 'One chosen note is' : `${n} chosen notes are`} not attached to finding ${code(findingId, 130)}; left out of the evidence.`;
