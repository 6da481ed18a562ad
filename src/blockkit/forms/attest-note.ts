import type { ModalView } from '@slack/types';
import { t } from '../../i18n/speak.js';
import { AttestId, BlockId, INPUT_ACTION } from '../ids.js';
import { readValues, text } from './form-state.js';
import { txt } from './form-view.js';

/** Add a note…: the asked person's own words beside their answer (metadata: the ask's id). */
export const NOTE_MAX = 1_000;

export function renderNoteForm(askId: string): ModalView {
  return {
    type: 'modal',
    callback_id: AttestId.note,
    private_metadata: askId,
    title: txt(t('form.addNote')),
    submit: txt(t('form.add')),
    close: txt(t('form.cancel')),
    blocks: [
      {
        type: 'input',
        block_id: BlockId.reason,
        label: txt(t('form.note')),
        element: {
          type: 'plain_text_input',
          action_id: INPUT_ACTION,
          multiline: true,
          max_length: NOTE_MAX,
          placeholder: txt(t('form.notePlaceholder'), 150),
        },
      },
    ],
  };
}

export function parseNote(
  raw: unknown,
): { ok: true; note: string } | { ok: false; errors: Record<string, string> } {
  const read = readValues(raw);
  if (!('values' in read)) return read;
  const note = text(read.values, BlockId.reason);
  if (!note) return { ok: false, errors: { [BlockId.reason]: t('form.writeNote') } };
  if (note.length > NOTE_MAX)
    return { ok: false, errors: { [BlockId.reason]: t('form.atMost', { max: NOTE_MAX }) } };
  return { ok: true, note };
}
