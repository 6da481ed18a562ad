import { checkView, seedFindings } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { formOf } from '../../../src/blockkit/action-table.js';
import { describeChange } from '../../../src/blockkit/audit.js';
import { DEFAULT_CLOSURE_REASONS, REASON_FIELD_MAX, withEvidenceRef } from '../../../src/domain/closure.js';
import { FindingSchema } from '../../../src/model/finding.js';

/** Closure evidence in Resolve… and Suppress…: the finding's notes as checkboxes, read back. */

const now = new Date('2026-11-22T12:00:00Z');
const meta = { findingId: 'FND_1', channel: 'C0SECOPS', ts: '1763800000.000100', tz: 'UTC' };
const finding = FindingSchema.parse(seedFindings()[0]);
const noteId = (i: number) => `note_${i.toString(16).padStart(18, '0')}`;
const notes = Array.from({ length: 12 }, (_, i) => ({
  id: noteId(i),
  userId: 'U0ALICE',
  text: i === 0 ? `<!channel> *bold* ${'x'.repeat(500)}` : `note ${i}\n\nsecond line`,
}));
const render = (kind: 'resolve' | 'suppress', n = notes) =>
  formOf(kind).render({ finding, meta, maxDays: 365, closureReasons: DEFAULT_CLOSURE_REASONS, notes: n });
const evidenceBlock = (view: ReturnType<typeof render>) =>
  view.blocks.find((b) => b.block_id === 'evidence') as
    | { element: { type: string; options: { value: string; text: { text: string } }[] } }
    | undefined;
const submit = (kind: 'resolve' | 'suppress', chosen: string[]) =>
  formOf(kind).parse(
    {
      closure: { value: { selected_option: { value: 'fixed' } } },
      evidence: { value: { selected_options: chosen.map((value) => ({ value })) } },
    },
    meta,
    now,
    365,
    DEFAULT_CLOSURE_REASONS,
  );

describe('closure evidence in Resolve… and Suppress…', () => {
  it.each(['resolve', 'suppress'] as const)(
    '%s offers at most 10 notes as checkboxes, within Slack’s limits',
    (kind) => {
      const view = render(kind);
      expect(checkView(view)).toBeUndefined();
      const block = evidenceBlock(view);
      expect(block?.element.type).toBe('checkboxes');
      expect(block?.element.options.map((o) => o.value)).toEqual(notes.slice(0, 10).map((n) => n.id));
      expect(block?.element.options[0]?.text.text.length).toBeLessThanOrEqual(75);
      expect(block?.element.options[1]?.text.text).toBe('note 1 second line');
    },
  );

  it('no notes: no evidence field at all', () => {
    expect(evidenceBlock(render('resolve', []))).toBeUndefined();
  });

  it('the chosen note ids go into the action; none chosen leaves the action as before', () => {
    expect(submit('resolve', [noteId(1), noteId(2), noteId(1)])).toEqual({
      ok: true,
      action: {
        kind: 'resolve',
        reason: 'Fixed',
        closure: 'fixed',
        evidence: [{ note: noteId(1) }, { note: noteId(2) }],
      },
    });
    expect(submit('suppress', [])).toEqual({
      ok: true,
      action: { kind: 'suppress', reason: 'Fixed', closure: 'fixed' },
    });
  });

  it('an id that is not a note id, or more than 10, is refused on the evidence field', () => {
    expect(submit('resolve', ['../../etc/passwd'])).toEqual({
      ok: false,
      errors: { evidence: 'Choose only notes attached to this finding.' },
    });
    const eleven = Array.from({ length: 11 }, (_, i) => noteId(i));
    expect(submit('suppress', eleven).ok).toBe(false);
  });

  it('the thread reply links each note’s message; a link that could break mrkdwn is not linked', () => {
    const action = {
      kind: 'resolve' as const,
      reason: 'Fixed',
      evidence: [
        { note: noteId(1), link: 'https://acme.slack.com/archives/C0SECOPS/p1763800000000100' },
        { note: noteId(2), link: 'https://evil|<!channel>' },
        { note: noteId(3) },
      ],
    };
    const line = describeChange(action, 'U0ALICE', finding);
    expect(line).toContain(
      'Evidence: <https://acme.slack.com/archives/C0SECOPS/p1763800000000100|message 1>, message 2, message 3',
    );
    expect(line).not.toContain('<!channel>');
  });

  it('the tenant’s reason references the evidence only when it fits', () => {
    const link = 'https://acme.slack.com/archives/C0SECOPS/p1763800000000100';
    expect(withEvidenceRef('Fixed', [{ note: noteId(1), link }, { note: noteId(2) }])).toBe(
      `Fixed (evidence: ${link})`,
    );
    const long = 'w'.repeat(REASON_FIELD_MAX - 20);
    expect(withEvidenceRef(long, [{ note: noteId(1), link }])).toBe(long);
    expect(withEvidenceRef('Fixed', undefined)).toBe('Fixed');
  });
});
