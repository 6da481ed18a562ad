import type { Button, KnownBlock } from '@slack/types';
import { type EndingAction, endOf } from '../domain/ends.js';
import { t } from '../i18n/speak.js';
import type { Finding } from '../model/finding.js';
import type { RenderedMessage } from './finding.js';
import { findingTitle } from './finding-details.js';
import { stateLabel } from './finding-state.js';
import { LifecycleId } from './ids.js';
import { SLACK_LIMITS } from './limits.js';
import { code, mention, quoted, safeMrkdwn, slackDate, truncate } from './mrkdwn.js';

/**
 * A reminder before a snooze or risk acceptance ends (a direct message, and a reply in the alert's
 * thread): what ends when, its words, and Extend… / Let it end. Pure.
 */

export interface ReminderView {
  jobId: string;
  finding: Finding;
  action: EndingAction;
  endsAt: number;
  /** The person's words (without the tenant's attribution). */
  words: string | undefined;
  /** Who it is for, named in the thread version. */
  for: readonly string[];
  /** Offer Extend… (the person may still snooze, or accept the risk, here). */
  extend: boolean;
  /** Decided already: "@alice lets it end" instead of the buttons. */
  lettingEnd?: string | undefined;
  /** A link to the alert's card, when there is one. */
  cardLink?: string | undefined;
}

/** "the snooze of X ends …" / "the risk acceptance of X expires …": one message per kind of end. */
const kind = (action: EndingAction): 'snooze' | 'acceptRisk' =>
  action === 'snooze' ? 'snooze' : 'acceptRisk';

/** Home's line for an end coming (`finding`: mrkdwn), and what its Extend… button is about. */
export const endingLine = (action: EndingAction, finding: string, endsAt: number): string =>
  t(`home.ending.${kind(action)}`, { finding, when: slackDate(new Date(endsAt)) });
export const endingAbout = (action: EndingAction, finding: string): string =>
  t(`home.extendAbout.${kind(action)}`, { finding });
/** The digest's line for an end coming. */
export const digestEndingLine = (action: EndingAction, finding: string, endsAt: number): string =>
  t(`ends.line.${kind(action)}`, { finding, when: slackDate(new Date(endsAt)) });
/** The thread's line when someone lets an end come. */
export const letsEndLine = (action: EndingAction, who: string, endsAt: number): string =>
  t(`ends.letsEnd.${kind(action)}`, { who, when: slackDate(new Date(endsAt)) });

export function renderReminder(r: ReminderView): RenderedMessage {
  const title = `${safeMrkdwn(findingTitle(r.finding), 150)} ${code(r.finding.id, 80)}`;
  const who = r.for.length ? `${r.for.map(mention).join(', ')}: ` : '';
  const link = r.cardLink ? t('ends.theAlert', { link: r.cardLink }) : '';
  const head = t(`ends.reminder.${kind(r.action)}`, {
    who,
    title,
    link,
    when: slackDate(new Date(r.endsAt)),
  });
  const blocks: KnownBlock[] = [
    {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: truncate(r.words ? `${head}\n${quoted(r.words, 1_000)}` : head, SLACK_LIMITS.sectionText),
      },
    },
  ];
  if (r.lettingEnd) {
    blocks.push({
      type: 'context',
      elements: [{ type: 'mrkdwn', text: t('ends.lettingEnd', { who: mention(r.lettingEnd) }) }],
    });
  } else {
    const buttons: Button[] = [];
    if (r.extend)
      buttons.push({
        type: 'button',
        action_id: LifecycleId.extend,
        text: { type: 'plain_text', text: t('ends.extend') },
        style: 'primary',
        value: r.jobId,
      });
    buttons.push({
      type: 'button',
      action_id: LifecycleId.letEnd,
      text: { type: 'plain_text', text: t('ends.letEnd') },
      value: r.jobId,
    });
    blocks.push({ type: 'actions', block_id: 'lifecycle.actions', elements: buttons });
  }
  return {
    text: truncate(
      t(`ends.reminderText.${kind(r.action)}`, { finding: r.finding.id }),
      SLACK_LIMITS.fallbackText,
    ),
    blocks,
  };
}

/** What an end reached means now, for the alert's thread: open again, or extended meanwhile. */
export function renderEndNews(action: 'snooze' | 'acceptRisk', finding: Finding): string {
  const now = endOf(finding);
  if (now?.action === action)
    return t(`ends.extended.${kind(action)}`, { when: slackDate(new Date(now.at)) });
  switch (finding.state) {
    case 'FINDING_STATE_OPEN':
    case 'FINDING_STATE_IN_PROGRESS':
      return t(`ends.openAgain.${kind(action)}`);
    default:
      return t(`ends.nowState.${kind(action)}`, { state: stateLabel(finding.state).toLowerCase() });
  }
}
