import type { Button, KnownBlock } from '@slack/types';
import { type EndingAction, endOf } from '../domain/ends.js';
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

export const endWords = (action: EndingAction): { noun: string; ends: string } =>
  action === 'snooze' ? { noun: 'snooze', ends: 'ends' } : { noun: 'risk acceptance', ends: 'expires' };

export function renderReminder(r: ReminderView): RenderedMessage {
  const { noun, ends } = endWords(r.action);
  const title = `${safeMrkdwn(findingTitle(r.finding), 150)} ${code(r.finding.id, 80)}`;
  const who = r.for.length ? `${r.for.map(mention).join(', ')}: ` : '';
  const link = r.cardLink ? ` (<${r.cardLink}|the alert>)` : '';
  const head = `:alarm_clock: ${who}the ${noun} of ${title}${link} ${ends} ${slackDate(new Date(r.endsAt))}. The finding then opens again.`;
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
      elements: [{ type: 'mrkdwn', text: `${mention(r.lettingEnd)} lets it end.` }],
    });
  } else {
    const buttons: Button[] = [];
    if (r.extend)
      buttons.push({
        type: 'button',
        action_id: LifecycleId.extend,
        text: { type: 'plain_text', text: 'Extend…' },
        style: 'primary',
        value: r.jobId,
      });
    buttons.push({
      type: 'button',
      action_id: LifecycleId.letEnd,
      text: { type: 'plain_text', text: 'Let it end' },
      value: r.jobId,
    });
    blocks.push({ type: 'actions', block_id: 'lifecycle.actions', elements: buttons });
  }
  return {
    text: truncate(`Reminder: the ${noun} of ${r.finding.id} ${ends} soon`, SLACK_LIMITS.fallbackText),
    blocks,
  };
}

/** What an end reached means now, for the alert's thread: open again, or extended meanwhile. */
export function renderEndNews(action: 'snooze' | 'acceptRisk', finding: Finding): string {
  const { noun } = endWords(action);
  const said = action === 'snooze' ? ':alarm_clock: Snooze ended' : ':alarm_clock: Risk acceptance expired';
  const now = endOf(finding);
  if (now?.action === action)
    return `:arrows_counterclockwise: The ${noun} was extended: it now ends ${slackDate(new Date(now.at))}.`;
  switch (finding.state) {
    case 'FINDING_STATE_OPEN':
    case 'FINDING_STATE_IN_PROGRESS':
      return `${said} — open again.`;
    default:
      return `${said}; the finding is now ${stateLabel(finding.state).toLowerCase()}.`;
  }
}
