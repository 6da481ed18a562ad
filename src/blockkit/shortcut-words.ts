import { t } from '../i18n/speak.js';
import { code, mention, quoted } from './mrkdwn.js';

/**
 * What the shortcuts tell people (listeners/routes/shortcuts.ts, usecases/shortcuts/attach-note.ts,
 * report-activity.ts, find-finding.ts). The words are in i18n/catalog/forms/shortcut.ts and find.ts;
 * what goes to the tenant (a task's comment) stays in English: the tenant's readers have no scope.
 */

/** How much of a message Warden keeps: more is cut, and the note says so. */
export const NOTE_TEXT_MAX = 2_000;
export const cutNote = (): string => t('shortcut.cutNote');

export const notAFindingId = (): string => t('shortcut.notAFindingId');
export const noSuchFinding = (id: string): string => t('shortcut.noSuchFinding', { finding: code(id, 130) });
export const alreadyAttached = (id: string): string =>
  t('shortcut.alreadyAttached', { finding: code(id, 130) });
export const notAMessage = (): string => t('shortcut.notAMessage');

/** The note in the finding's thread. */
export function noteReply(userId: string, link: string | undefined, text: string, cut: boolean): string {
  const who = mention(userId);
  const head = link ? t('shortcut.noteReplyLink', { who, link }) : t('shortcut.noteReply', { who });
  const body = text ? `\n${quoted(text, 1_500)}` : '';
  return `${head}${body}${cut ? `\n${cutNote()}` : ''}`;
}

/** The same note on the finding's remediation task (plain text: the tenant shows no mrkdwn). */
export function noteComment(userId: string, link: string | undefined, text: string, cut: boolean): string {
  return `Warden note from Slack user ${userId}${link ? ` (${link})` : ''}: ${text}${cut ? ' [cut: the message was longer]' : ''}`;
}

/** Where a note went: its card's thread (the channel), Warden's audit log, the task's comment. */
export interface NotePlaces {
  thread: string | undefined;
  task: string | undefined;
}

export function noteAttached(id: string, at: NotePlaces): string {
  const where = [
    ...(at.thread ? [t('shortcut.whereThread', { channel: at.thread })] : []),
    t('shortcut.whereAudit'),
    ...(at.task ? [t('shortcut.whereTask', { task: at.task })] : []),
  ];
  return t('shortcut.noteAttached', { finding: code(id, 130), where: where.join(', ') });
}

/** A severity a report may carry, in words (the option's label and the posted report's). */
export const severityWord = (s: ReportSeverity): string => t(`shortcut.severity.${s}`);

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
  const from = r.link ? `\n${t('shortcut.reportFrom', { link: r.link })}` : '';
  const post = t('shortcut.reportPost', {
    who: mention(r.userId),
    severity: severityWord(r.severity),
    app: quoted(r.who, 200).slice(2),
    what: quoted(r.what, 1_000),
  });
  return `${post}${from}`;
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

export const reportFiledOnTask = (taskId: string, findingId: string): string =>
  t('shortcut.reportFiledOnTask', { task: code(taskId, 80), finding: code(findingId, 130) });
export const reportPosted = (channel: string): string => t('shortcut.reportPosted', { channel });
export const noSecurityChannel = (): string => t('shortcut.noSecurityChannel');

export const FIND_CAP = 10;
export const findCapped = (n: number): string => t('find.capped', { count: n });
export const findNone = (q: string): string => t('find.none', { query: code(q, 100) });
export const findHint = (): string => t('find.hint');
export const cardIsIn = (id: string, channel: string, link: string | undefined): string =>
  link
    ? t('find.cardIsInLink', { finding: code(id, 130), channel, link })
    : t('find.cardIsIn', { finding: code(id, 130), channel });
export const noCardChannel = (): string => t('find.noCardChannel');

/** A link Slack gave (chat.getPermalink) as mrkdwn, only when it cannot break out of `<…|…>`. */
const safeLink = (link: string | undefined, label: string) =>
  link && /^https?:\/\/[^\s<>|]+$/.test(link) ? `<${link}|${label}>` : label;

/** The closure's evidence under its thread reply: each chosen note, linked to its message. */
export function evidenceLine(evidence: readonly { note: string; link?: string | undefined }[]): string {
  if (evidence.length === 0) return '';
  const items = evidence.map((e, i) => safeLink(e.link, t('find.evidenceItem', { n: i + 1 })));
  return `\n${t('find.evidence', { items: items.join(', ') })}`;
}

export const evidenceLeftOut = (n: number, findingId: string): string =>
  t('find.evidenceLeftOut', { count: n, finding: code(findingId, 130) });
