import type { ModalView } from '@slack/types';
import { t } from '../../i18n/speak.js';
import type { Finding } from '../../model/finding.js';
import { describeOwner, type ShownOwner } from '../finding-details.js';
import { ASSIGN_CALLBACK_ID, AssignBlockId, INPUT_ACTION } from '../ids.js';
import { SLACK_LIMITS } from '../limits.js';
import { truncate } from '../mrkdwn.js';
import { input, readValues } from './form-state.js';
import { type ModalMetadata, summary, txt } from './form-view.js';

/**
 * Assign owner…: a Slack member picked in a users_select. Warden finds them in the tenant (by
 * their email) after the submission, so the form asks for nobody's email.
 */
export function renderAssignOwnerForm(finding: Finding, meta: ModalMetadata, owner?: ShownOwner): ModalView {
  return {
    type: 'modal',
    callback_id: ASSIGN_CALLBACK_ID,
    private_metadata: JSON.stringify(meta),
    title: txt(t('form.assignOwner')),
    submit: txt(t('form.assign'), SLACK_LIMITS.modalSubmit),
    close: txt(t('form.cancel')),
    blocks: [
      ...summary(finding),
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: truncate(
            t('form.ownerNow', { owner: describeOwner(finding, owner) }),
            SLACK_LIMITS.sectionText,
          ),
        },
      },
      {
        type: 'input',
        block_id: AssignBlockId.user,
        label: txt(t('form.newOwner'), SLACK_LIMITS.inputLabel),
        element: { type: 'users_select', action_id: INPUT_ACTION },
      },
      {
        type: 'context',
        elements: [
          {
            type: 'mrkdwn',
            text: t('form.assignHow'),
          },
        ],
      },
    ],
  };
}

/** The picked member's id, or the error shown on the picker. */
export function parseAssignOwner(
  raw: unknown,
): { ok: true; userId: string } | { ok: false; errors: Record<string, string> } {
  const read = readValues(raw);
  if (!('values' in read)) return { ok: false, errors: { [AssignBlockId.user]: t('form.unreadable') } };
  const picked = input(read.values, AssignBlockId.user)?.selected_user;
  return typeof picked === 'string' && /^[UW][A-Z0-9]{2,20}$/.test(picked)
    ? { ok: true, userId: picked }
    : { ok: false, errors: { [AssignBlockId.user]: t('form.pickOwner') } };
}
