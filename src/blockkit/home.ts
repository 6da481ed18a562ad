import type { HomeView, KnownBlock } from '@slack/types';
import type { Answer } from '../domain/attest.js';
import type { EndingAction } from '../domain/ends.js';
import { t } from '../i18n/speak.js';
import type { Approval, AuditEntry } from '../ports/store.js';
import { type ReviewHome, renderReviewHome } from './access-review-messages.js';
import { activityWords } from './activity-words.js';
import { approvalButtons, approvalSubject } from './approval-request.js';
import { answerButtons } from './attest.js';
import { questionFor } from './attest-words.js';
import { type ContainWaiting, containWaitingBlocks } from './contain-list.js';
import { LifecycleId } from './ids.js';
import { SLACK_LIMITS } from './limits.js';
import { code, mention, quoted, safeMrkdwn, slackDate, truncate } from './mrkdwn.js';
import { spokenLabel } from './plain-text.js';
import { endingAbout, endingLine } from './reminder.js';
import { overdueHeader, overdueItem, overdueNone } from './sla-words.js';

/**
 * A person's own view of Warden on its Home tab: what waits for their approval, their own
 * requests, what they snoozed or accepted that ends soon, and what they did lately. Pure; at most
 * 100 blocks (Slack's limit for a Home tab), each list cut with a count of the rest.
 */

export interface HomeEnding {
  jobId: string;
  findingId: string;
  action: EndingAction;
  endsAt: number;
  link: string | undefined;
  /** The person may still extend it (permissions as now). */
  extend: boolean;
}

export interface HomeActivity {
  entry: AuditEntry;
  link: string | undefined;
}

/** An attestation question still waiting for this person's answer. */
export interface HomeQuestion {
  askId: string;
  findingId: string;
  type: string;
  answers: readonly Answer[];
  askedAt: number;
  link: string | undefined;
}

export interface HomeData {
  userId: string;
  /** Questions Warden asked this person that they have not answered (shown only when there are some). */
  questions?: readonly HomeQuestion[] | undefined;
  /** Four-eyes requests this person may decide (undefined: not an approver). */
  waiting: readonly Approval[] | undefined;
  /** Containments waiting for an approver that this person may decide (contain-list.ts). */
  containWaiting?: readonly ContainWaiting[] | undefined;
  mine: readonly Approval[];
  ending: readonly HomeEnding[];
  recent: readonly HomeActivity[];
  now: number;
  /** Access reviews in Slack, when configured: the link prompt or the person's open reviews. */
  reviews?: ReviewHome | undefined;
  /**
   * What each listed finding is, by id ("Decoy credential used · etl-bot", blockkit/finding-details.ts
   * `findingLabel`): a finding not in it (the tenant did not answer) is shown by its id.
   */
  labels?: ReadonlyMap<string, string> | undefined;
  /** Findings past their SLA (WARDEN_CONFIG `sla`), most overdue first; undefined without SLA clocks. */
  overdue?: readonly { title: string; line: string; link: string | undefined }[] | undefined;
}

export const HOME_LISTED = { questions: 5, waiting: 10, mine: 10, ending: 15, recent: 15 } as const;

const section = (text: string): KnownBlock => ({
  type: 'section',
  text: { type: 'mrkdwn', text: truncate(text, SLACK_LIMITS.sectionText) },
});
const header = (text: string): KnownBlock => ({
  type: 'header',
  text: { type: 'plain_text', text, emoji: true },
});
const more = (shown: number, all: number) =>
  all > shown ? [section(t('home.more', { count: all - shown }))] : [];
/** A finding by what it is (its id when that is not known), linked to its card when there is one. */
function linked(id: string, link: string | undefined, labels: HomeData['labels']): string {
  const label = labels?.get(id);
  const text = safeMrkdwn(label ?? id, 150);
  if (link) return `<${link}|${text}>`;
  return label ? `*${text}* (${code(id, 80)})` : code(id, 80);
}

/** A request's subject: the finding by what it is, or a roll-up's count (approval-request.ts). */
function subjectOf(a: Approval, labels: HomeData['labels']): string {
  const label = a.findingIds ? undefined : labels?.get(a.findingId);
  return label ? `*${safeMrkdwn(label, 150)}* (${code(a.findingId, 80)})` : approvalSubject(a);
}

function questionBlocks(questions: readonly HomeQuestion[], labels: HomeData['labels']): KnownBlock[] {
  return [
    ...questions.slice(0, HOME_LISTED.questions).flatMap((q): KnownBlock[] => [
      section(
        t('home.question', {
          question: questionFor(q.type),
          finding: linked(q.findingId, q.link, labels),
          when: slackDate(new Date(q.askedAt)),
        }),
      ),
      answerButtons(q.askId, q.answers, labels?.get(q.findingId) ?? q.findingId),
    ]),
    ...more(HOME_LISTED.questions, questions.length),
  ];
}

function waitingBlocks(waiting: readonly Approval[], labels: HomeData['labels']): KnownBlock[] {
  if (waiting.length === 0) return [section(t('home.nothingWaiting'))];
  return [
    ...waiting.slice(0, HOME_LISTED.waiting).flatMap((a): KnownBlock[] => [
      section(
        t('home.waitingLine', {
          requester: mention(a.requesterId),
          subject: subjectOf(a, labels),
          when: slackDate(new Date(a.riskExpiresAt)),
          justification: quoted(a.justification, 500),
        }),
      ),
      approvalButtons(
        a.id,
        undefined,
        a.findingIds?.length
          ? t('home.findingCount', { count: a.findingIds.length })
          : (labels?.get(a.findingId) ?? a.findingId),
      ),
    ]),
    ...more(HOME_LISTED.waiting, waiting.length),
  ];
}

/** Risk acceptances and containments this person may decide; nothing when they decide neither. */
function approvalsBlocks(d: HomeData): KnownBlock[] {
  const contains = d.containWaiting ?? [];
  if (!d.waiting && contains.length === 0) return [];
  const risks =
    d.waiting && (d.waiting.length > 0 || contains.length === 0) ? waitingBlocks(d.waiting, d.labels) : [];
  return [header(t('home.header.approval')), ...risks, ...containWaitingBlocks(contains)];
}

function mineBlocks(mine: readonly Approval[], labels: HomeData['labels']): KnownBlock[] {
  if (mine.length === 0) return [section(t('home.noRequests'))];
  const lines = mine.slice(0, HOME_LISTED.mine).map((a) => {
    const values = {
      subject: subjectOf(a, labels),
      when: slackDate(new Date(a.riskExpiresAt), '{date_short}'),
      status: a.status,
    };
    return a.decidedBy && a.status !== 'pending'
      ? t('home.mineBy', { ...values, by: mention(a.decidedBy) })
      : t('home.mine', values);
  });
  return [section(lines.join('\n'))];
}

function endingBlocks(ending: readonly HomeEnding[], labels: HomeData['labels']): KnownBlock[] {
  if (ending.length === 0) return [section(t('home.nothingEnding'))];
  return [
    ...ending.slice(0, HOME_LISTED.ending).map((e): KnownBlock => {
      const text = endingLine(e.action, linked(e.findingId, e.link, labels), e.endsAt);
      return e.extend
        ? {
            type: 'section',
            text: { type: 'mrkdwn', text: truncate(text, SLACK_LIMITS.sectionText) },
            accessory: {
              type: 'button',
              action_id: LifecycleId.extend,
              text: { type: 'plain_text', text: t('home.extend') },
              accessibility_label: spokenLabel(
                t('home.extend'),
                endingAbout(e.action, labels?.get(e.findingId) ?? e.findingId),
              ),
              value: e.jobId,
            },
          }
        : section(text);
    }),
    ...more(HOME_LISTED.ending, ending.length),
  ];
}

function recentBlocks(recent: readonly HomeActivity[], labels: HomeData['labels']): KnownBlock[] {
  if (recent.length === 0) return [section(t('home.noActivity'))];
  const lines = recent.slice(0, HOME_LISTED.recent).map(({ entry, link }) => {
    const target = entry.finding_id ? linked(entry.finding_id, link, labels) : '';
    const { what } = activityWords(entry, target);
    return t('home.recent', { when: slackDate(new Date(entry.at), '{date_short} {time}'), what });
  });
  return [section(lines.join('\n'))];
}

export function renderHome(d: HomeData): HomeView {
  const blocks: KnownBlock[] = [
    section(t('home.intro', { user: mention(d.userId), when: slackDate(new Date(d.now)) })),
    ...(d.questions?.length
      ? [header(t('home.header.waitingForYou')), ...questionBlocks(d.questions, d.labels)]
      : []),
    ...approvalsBlocks(d),
    ...(d.reviews ? renderReviewHome(d.reviews) : []),
    header(t('home.header.requests')),
    ...mineBlocks(d.mine, d.labels),
    ...(d.overdue
      ? [
          header(overdueHeader()),
          section(d.overdue.length ? d.overdue.map((o) => overdueItem(o)).join('\n') : overdueNone()),
        ]
      : []),
    header(t('home.header.ending')),
    ...endingBlocks(d.ending, d.labels),
    header(t('home.header.recent')),
    ...recentBlocks(d.recent, d.labels),
  ];
  return { type: 'home', blocks: blocks.slice(0, SLACK_LIMITS.blocksPerModal) };
}
