import type { ModalView } from '@slack/types';
import { describe, expect, it } from 'vitest';
import { renderApprovalRequest } from '../../../src/blockkit/approval-request.js';
import { describeBulk } from '../../../src/blockkit/bulk-report.js';
import { closureInputs } from '../../../src/blockkit/forms/closure-reason.js';
import { stepUpWhat } from '../../../src/blockkit/step-up-words.js';
import { DEFAULT_CLOSURE_REASONS } from '../../../src/domain/closure.js';
import { speaking } from '../../../src/i18n/speak.js';
import { approval } from '../blockkit/surface-inputs.js';

/**
 * The forms group's words (issue 37 items 4 and 7): sentences German and Japanese can order, and
 * no internal key where a person reads what they are about to do.
 */
const snooze = { kind: 'snooze' as const, reason: 'vendor fix due', until: new Date(Date.UTC(2026, 11, 3)) };
const tally = { changed: ['F1', 'F2'], unchanged: ['F3'], busy: [] };

describe('the forms group in every language', () => {
  it('names the gated action in words, never by its key', () => {
    expect(stepUpWhat('acceptRisk', ['F1'])).toBe('accept the risk of finding `F1`');
    expect(stepUpWhat('contain.revoke', ['F1'])).toBe('revoke the access of finding `F1`');
    expect(speaking('de', () => stepUpWhat('acceptRisk', ['F1']))).toBe(
      'Finding `F1` als Risiko akzeptieren',
    );
    expect(speaking('ja', () => stepUpWhat('snooze', ['F1', 'F2']))).toBe('2 件の検出結果をスヌーズ');
  });

  it('says what a change to many findings came to in one sentence each language orders', () => {
    const en = describeBulk(snooze, 'U0BOB', tally, 'U0ALICE');
    expect(en.split('\n')[0]).toMatch(
      /^<@U0BOB> approved <@U0ALICE>'s request and snoozed 2 of 3 findings until <!date\^\d+\^.*>: vendor fix due$/,
    );
    const de = speaking('de', () => describeBulk(snooze, 'U0BOB', tally, 'U0ALICE'));
    expect(de.split('\n')[0]).toMatch(
      /^<@U0BOB> hat die Anfrage von <@U0ALICE> genehmigt und 2 von 3 Findings bis <!date.*> zurückgestellt: vendor fix due$/,
    );
    expect(de).toContain('Der Tenant hat 1 Finding nicht geändert');
    const ja = speaking('ja', () => describeBulk(snooze, 'U0BOB', tally));
    expect(ja.split('\n')[0]).toMatch(
      /^<@U0BOB> が 3 件中 2 件の検出結果を <!date.*> までスヌーズしました: vendor fix due$/,
    );
  });

  it('tells a request’s status in words in its notification text', () => {
    expect(renderApprovalRequest(approval(), 'S0LEADS').text).toMatch(/\(pending\)$/);
    expect(
      speaking('de', () => renderApprovalRequest(approval({ status: 'denied' }), 'S0LEADS').text),
    ).toMatch(/^Anfrage zur Risikoakzeptanz für .* \(abgelehnt\)$/);
  });

  it('shows Warden’s default closure reasons in the reader’s language, a configured label as written', () => {
    const reasons = [...DEFAULT_CLOSURE_REASONS.slice(0, 1), { id: 'vendor', label: 'Vendor accepted' }];
    const options = (locale: 'en' | 'de') =>
      speaking(locale, () => closureInputs(reasons, 'x', 'y'))
        .flatMap((b) =>
          'element' in b && b.element.type === 'static_select' ? (b.element.options ?? []) : [],
        )
        .map((o) => o.text.text);
    expect(options('en')).toEqual(['False positive', 'Vendor accepted']);
    expect(options('de')).toEqual(['Fehlalarm', 'Vendor accepted']);
  });

  it('keeps modal titles and submit labels whole in German (24 characters), not cut', async () => {
    const { renderBulkForm } = await import('../../../src/blockkit/forms/bulk.js');
    for (const kind of ['snooze', 'suppress', 'acceptRisk'] as const) {
      const view: ModalView = speaking('de', () =>
        renderBulkForm(kind, {
          meta: { groupId: 'grp_1', tz: 'UTC' },
          count: 3,
          channel: 'C0SECOPS',
          maxDays: 365,
          approvers: 'S0LEADS',
          closureReasons: DEFAULT_CLOSURE_REASONS,
        }),
      );
      expect(view.title.text).not.toMatch(/…$/);
      expect(view.submit?.text).not.toMatch(/…$/);
    }
  });
});
