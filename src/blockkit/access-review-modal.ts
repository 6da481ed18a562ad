import type { ActionsBlock, Button, KnownBlock, ModalView } from '@slack/types';
import type { ReviewGroup, ReviewTask } from '../domain/access-review.js';
import { t } from '../i18n/speak.js';
import { AccessReviewBlock, AccessReviewCallback, AccessReviewId } from './access-review-ids.js';
import { reviewWords as w } from './access-review-words.js';
import { INPUT_ACTION } from './ids.js';
import { SLACK_LIMITS } from './limits.js';
import { plain, truncate } from './mrkdwn.js';
import { spokenLabel } from './plain-text.js';

/**
 * The Review modal of one campaign and app (a page of the reviewer's open tasks, each with
 * Certify, Revoke…, Reassign…, Comment…; paging; Certify unchanged for all), and the small forms
 * stacked on it. Pure. At most 100 blocks: a page holds `pageSize` tasks (2 blocks each) and 5 more.
 */

/** What the Review modal carries (private_metadata): its scope and page. */
export interface ReviewScope {
  c: string;
  a: string;
  p: number;
}
/** A stacked form's metadata: the scope, the task and step it is about, the Review modal to update. */
export interface ReviewFormMeta extends ReviewScope {
  t?: string;
  s?: string;
  root: string;
  /** Certify unchanged: how many the confirmation named. */
  n?: number;
}

const txt = (text: string, max: number = SLACK_LIMITS.modalTitle) => ({
  type: 'plain_text' as const,
  text: plain(text, max),
});
const section = (text: string): KnownBlock => ({
  type: 'section',
  text: { type: 'mrkdwn', text: truncate(text, SLACK_LIMITS.sectionText) },
});
const button = (
  text: string,
  actionId: string,
  value: string,
  style?: 'primary' | 'danger',
  about?: string,
): Button => ({
  type: 'button',
  text: txt(text, SLACK_LIMITS.buttonText),
  ...(about ? { accessibility_label: spokenLabel(text, about) } : {}),
  action_id: actionId,
  value,
  ...(style ? { style } : {}),
});

export const taskValue = (t: ReviewTask) => JSON.stringify({ t: t.id, s: t.stepId });

export function pagesOf(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

function taskBlocks(task: ReviewTask, i: number): KnownBlock[] {
  const value = taskValue(task);
  // Each task's buttons, told apart for a screen reader: whose access to what.
  const about = `${w.subject(task)}, ${w.entitlement(task)}`;
  const lock = task.stepUp ? `\n:lock: ${t('review.lock')}` : '';
  const actions: ActionsBlock = {
    type: 'actions',
    block_id: `reviews.task.${i}`,
    elements: [
      button(t('review.certify'), AccessReviewId.certify, value, 'primary', about),
      button(t('review.revoke'), AccessReviewId.revoke, value, 'danger', about),
      ...(task.mayReassign
        ? [button(t('review.reassign'), AccessReviewId.reassign, value, undefined, about)]
        : []),
      button(t('review.comment'), AccessReviewId.comment, value, undefined, about),
    ],
  };
  return [section(`${w.taskLine(task)}${lock}`), actions];
}

export interface ReviewModalInput {
  group: ReviewGroup;
  scope: ReviewScope;
  pageSize: number;
  /** A line above the tasks: the outcome of the last thing done here. */
  notice?: string | undefined;
}

export function renderReviewModal(d: ReviewModalInput): ModalView {
  const { group, pageSize } = d;
  const pages = pagesOf(group.tasks.length, pageSize);
  const page = Math.min(Math.max(0, d.scope.p), pages - 1);
  const shown = group.tasks.slice(page * pageSize, (page + 1) * pageSize);
  const scope: ReviewScope = { c: group.campaignId, a: group.appId, p: page };
  const meta = JSON.stringify(scope);
  const blocks: KnownBlock[] = [
    section(w.modalIntro(w.campaign(group), w.app(group), group.dueAt, group.tasks.length)),
    ...(d.notice
      ? [
          {
            type: 'context' as const,
            elements: [{ type: 'mrkdwn' as const, text: truncate(d.notice, 3_000) }],
          },
        ]
      : []),
    { type: 'divider' },
    ...(shown.length === 0 ? [section(w.nothingOpen())] : shown.flatMap((task, i) => taskBlocks(task, i))),
  ];
  if (pages > 1)
    blocks.push(
      {
        type: 'actions',
        block_id: 'reviews.pages',
        elements: [
          ...(page > 0 ? [button(t('review.previous'), AccessReviewId.prev, meta)] : []),
          ...(page < pages - 1 ? [button(t('review.next'), AccessReviewId.next, meta)] : []),
        ],
      },
      { type: 'context', elements: [{ type: 'mrkdwn', text: w.page(page + 1, pages) }] },
    );
  const unchanged = group.tasks.filter((task) => !task.stepUp).length;
  if (unchanged > 0)
    blocks.push({
      type: 'actions',
      block_id: 'reviews.bulk',
      elements: [button(t('review.unchangedButton', { count: unchanged }), AccessReviewId.unchanged, meta)],
    });
  return {
    type: 'modal',
    callback_id: AccessReviewCallback.modal,
    title: txt(w.modalTitle()),
    close: txt(t('review.done')),
    private_metadata: meta,
    blocks: blocks.slice(0, SLACK_LIMITS.blocksPerModal),
  };
}

/** The Review modal when nothing can be shown (not linked, an error): words and a close. */
export function renderReviewNotice(text: string, extra: KnownBlock[] = []): ModalView {
  return {
    type: 'modal',
    callback_id: AccessReviewCallback.modal,
    title: txt(w.modalTitle()),
    close: txt(t('review.close')),
    blocks: [section(text), ...extra],
  };
}

const input = (label: string, multiline: boolean, optional = false): KnownBlock => ({
  type: 'input',
  block_id: AccessReviewBlock.words,
  optional,
  label: txt(label, SLACK_LIMITS.inputLabel),
  element: { type: 'plain_text_input', action_id: INPUT_ACTION, multiline, max_length: 2_000 },
});

function form(
  callbackId: string,
  title: string,
  submit: string,
  meta: ReviewFormMeta,
  blocks: KnownBlock[],
): ModalView {
  return {
    type: 'modal',
    callback_id: callbackId,
    title: txt(title),
    submit: txt(submit),
    close: txt(t('review.cancel')),
    private_metadata: JSON.stringify(meta),
    blocks,
  };
}

export function renderRevokeForm(task: ReviewTask | undefined, meta: ReviewFormMeta): ModalView {
  return form(AccessReviewCallback.revoke, t('review.revokeTitle'), t('review.revokeSubmit'), meta, [
    ...(task ? [section(w.taskLine(task))] : []),
    input(t('review.revokeWhy'), true, task !== undefined && !task.reasonToRevoke),
  ]);
}

export function renderCommentForm(task: ReviewTask | undefined, meta: ReviewFormMeta): ModalView {
  return form(AccessReviewCallback.comment, t('review.commentTitle'), t('review.commentTitle'), meta, [
    ...(task ? [section(w.taskLine(task))] : []),
    input(t('review.commentLabel'), true),
  ]);
}

export function renderReassignForm(task: ReviewTask | undefined, meta: ReviewFormMeta): ModalView {
  return form(AccessReviewCallback.reassign, t('review.reassignTitle'), t('review.reassignTitle'), meta, [
    ...(task ? [section(w.taskLine(task))] : []),
    {
      type: 'input',
      block_id: AccessReviewBlock.user,
      label: txt(t('review.reassignTo'), SLACK_LIMITS.inputLabel),
      element: { type: 'users_select', action_id: INPUT_ACTION },
    },
    input(t('review.reassignWhy'), false, true),
  ]);
}

export function renderUnchangedConfirm(group: ReviewGroup, count: number, meta: ReviewFormMeta): ModalView {
  return form(
    AccessReviewCallback.unchanged,
    t('review.unchangedTitle'),
    t('review.unchangedSubmit', { count }),
    { ...meta, n: count },
    [section(w.unchangedConfirm(count, w.campaign(group), w.app(group)))],
  );
}
