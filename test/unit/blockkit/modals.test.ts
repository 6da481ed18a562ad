import { checkView, seedFindings } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { type FormKind, formOf } from '../../../src/blockkit/action-table.js';
import { parseModalMetadata } from '../../../src/blockkit/forms/form-state.js';
import type { ModalMetadata } from '../../../src/blockkit/forms/form-view.js';
import { renderLoadingModal } from '../../../src/blockkit/info-modal.js';
import { DEFAULT_CLOSURE_REASONS } from '../../../src/domain/closure.js';
import { FindingSchema } from '../../../src/model/finding.js';

const now = new Date('2026-11-22T12:00:00Z');
const meta = { findingId: 'FND_1', channel: 'C0SECOPS', ts: '1763800000.000100', tz: 'Europe/Berlin' };
const v = (x: Record<string, unknown>) => ({ value: x });
const FORMS: FormKind[] = ['snooze', 'acceptRisk', 'suppress', 'resolve'];
const parseSubmission = (kind: FormKind, values: unknown, m: ModalMetadata, at: Date, maxDays: number) =>
  formOf(kind).parse(values, m, at, maxDays, DEFAULT_CLOSURE_REASONS);

describe('modals', () => {
  it('render within Slack’s limits for every kind and every seed, hostile ones included', () => {
    for (const seed of seedFindings()) {
      const finding = FindingSchema.parse(seed);
      for (const kind of FORMS) {
        const view = formOf(kind).render({
          finding,
          meta: { ...meta, findingId: finding.id },
          maxDays: 365,
          closureReasons: DEFAULT_CLOSURE_REASONS,
        });
        expect(checkView(view), `${kind} ${finding.id}`).toBeUndefined();
        expect(JSON.stringify(view)).not.toContain('<!channel>');
      }
    }
    expect(checkView(renderLoadingModal('FND_1'))).toBeUndefined();
  });

  it('offer only presets within the maximum', () => {
    const finding = FindingSchema.parse(seedFindings()[0]);
    const view = formOf('acceptRisk').render({ finding, meta, maxDays: 100, closureReasons: [] });
    const text = JSON.stringify(view);
    expect(text).toContain('"value":"90"');
    expect(text).not.toContain('"value":"180"');
  });
});

describe('parseModalMetadata', () => {
  it('reads what Warden wrote', () => {
    expect(parseModalMetadata(JSON.stringify(meta))).toEqual(meta);
  });

  it.each([
    undefined,
    '',
    'not json',
    JSON.stringify({ ...meta, findingId: '../../x' }),
    JSON.stringify({ ...meta, findingId: 'x'.repeat(200) }),
    JSON.stringify({ ...meta, channel: 'https://evil' }),
    JSON.stringify({ ...meta, ts: 'now' }),
    JSON.stringify({ channel: 'C1', tz: 'UTC' }),
    'x'.repeat(3_001),
  ])('refuses tampered metadata %#', (raw) => {
    expect(parseModalMetadata(raw)).toBeUndefined();
  });

  it('falls back to UTC for an unknown time zone', () => {
    expect(parseModalMetadata(JSON.stringify({ ...meta, tz: 'Mars/Olympus' }))?.tz).toBe('UTC');
  });
});

describe('parseSubmission', () => {
  it('snooze: preset days', () => {
    const r = parseSubmission(
      'snooze',
      { preset: v({ selected_option: { value: '30' } }), reason: v({ value: ' vendor ' }) },
      meta,
      now,
      365,
    );
    expect(r).toEqual({
      ok: true,
      action: { kind: 'snooze', reason: 'vendor', until: new Date('2026-12-22T12:00:00Z') },
    });
  });

  it('snooze: a picked date wins, read in the person’s zone, 09:00 without a time', () => {
    const r = parseSubmission(
      'snooze',
      {
        preset: v({ selected_option: { value: '7' } }),
        date: v({ selected_date: '2026-12-24' }),
        reason: v({ value: 'x' }),
      },
      meta,
      now,
      365,
    );
    expect(r.ok && r.action.kind === 'snooze' && r.action.until.toISOString()).toBe(
      '2026-12-24T08:00:00.000Z',
    );
  });

  it('refuses a tampered preset and a preset beyond the maximum', () => {
    const tampered = parseSubmission(
      'snooze',
      { preset: v({ selected_option: { value: '-3' } }), reason: v({ value: 'x' }) },
      meta,
      now,
      365,
    );
    expect(tampered).toEqual({ ok: false, errors: { preset: 'Choose one of the options.' } });
    const far = parseSubmission(
      'acceptRisk',
      { preset: v({ selected_option: { value: '9999' } }), justification: v({ value: 'j'.repeat(30) }) },
      meta,
      now,
      365,
    );
    expect(far.ok).toBe(false);
    expect(!far.ok && far.errors.preset).toMatch(/more than 365 days/);
  });

  it('collects every field error at once', () => {
    const r = parseSubmission(
      'acceptRisk',
      { justification: v({ value: 'short' }), preset: v({ selected_option: { value: 'custom' } }) },
      meta,
      now,
      365,
    );
    expect(r.ok).toBe(false);
    expect(!r.ok && Object.keys(r.errors).sort()).toEqual(['expires', 'justification']);
  });

  it('refuses an impossible date, an over-long reason and unreadable state', () => {
    expect(
      parseSubmission(
        'snooze',
        { date: v({ selected_date: '2026-02-30' }), reason: v({ value: 'x' }) },
        meta,
        now,
        365,
      ).ok,
    ).toBe(false);
    expect(parseSubmission('suppress', { reason: v({ value: 'r'.repeat(2_001) }) }, meta, now, 365).ok).toBe(
      false,
    );
    expect(parseSubmission('resolve', 'garbage', meta, now, 365).ok).toBe(false);
    // no closure reason chosen
    expect(parseSubmission('resolve', {}, meta, now, 365)).toEqual({
      ok: false,
      errors: { closure: 'Choose why.' },
    });
  });

  it('Resolve and Suppress ask why from the fixed list; Other needs words; the tenant gets "<label>: <words>"', () => {
    const why = (id: string, words?: string) => ({
      closure: v({ selected_option: { value: id } }),
      ...(words === undefined ? {} : { reason: v({ value: words }) }),
    });
    expect(parseSubmission('resolve', why('fixed'), meta, now, 365)).toEqual({
      ok: true,
      action: { kind: 'resolve', reason: 'Fixed', closure: 'fixed' },
    });
    expect(parseSubmission('suppress', why('false_positive', ' test rig '), meta, now, 365)).toEqual({
      ok: true,
      action: { kind: 'suppress', reason: 'False positive: test rig', closure: 'false_positive' },
    });
    expect(parseSubmission('suppress', why('other'), meta, now, 365)).toEqual({
      ok: false,
      errors: { reason: 'Say why: it is required for Other.' },
    });
    // an id not in the list (an altered form) is no reason at all
    expect(parseSubmission('resolve', why('made_up', 'x'), meta, now, 365).ok).toBe(false);
  });
});
