import type { ModalView } from '@slack/types';
import { t } from '../i18n/speak.js';
import { INFO_CALLBACK_ID } from './ids.js';
import { SLACK_LIMITS } from './limits.js';
import { code, plain, truncate } from './mrkdwn.js';

/** Opened at once on a click, before any I/O, so the trigger_id never expires. */
export function renderLoadingModal(id: string): ModalView {
  return renderInfoModal(t('info.loading', { finding: code(id, 130) }));
}

/**
 * A modal with one section of Warden-written mrkdwn and a Close button: a form's loading state,
 * or why it cannot be used. Any tenant or user text in `text` is already escaped.
 */
export function renderInfoModal(text: string): ModalView {
  return {
    type: 'modal',
    callback_id: INFO_CALLBACK_ID,
    title: { type: 'plain_text', text: plain('Warden', SLACK_LIMITS.modalTitle) },
    close: { type: 'plain_text', text: t('info.close') },
    blocks: [{ type: 'section', text: { type: 'mrkdwn', text: truncate(text, SLACK_LIMITS.sectionText) } }],
  };
}
