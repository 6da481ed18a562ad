import type { ModalView } from '@slack/types';
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
    title: txt('Add a note'),
    submit: txt('Add'),
    close: txt('Cancel'),
    blocks: [
      {
        type: 'input',
        block_id: BlockId.reason,
        label: txt('Note'),
        element: {
          type: 'plain_text_input',
          action_id: INPUT_ACTION,
          multiline: true,
          max_length: NOTE_MAX,
          placeholder: txt('e.g. I ran the deploy script from my laptop at 10:05'),
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
  if (!note) return { ok: false, errors: { [BlockId.reason]: 'Write the note, or cancel.' } };
  if (note.length > NOTE_MAX)
    return { ok: false, errors: { [BlockId.reason]: `At most ${NOTE_MAX} characters.` } };
  return { ok: true, note };
}
