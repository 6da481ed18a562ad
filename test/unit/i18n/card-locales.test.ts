import { describe, expect, it } from 'vitest';
import { describeChange } from '../../../src/blockkit/audit.js';
import { describeFailure } from '../../../src/blockkit/failure.js';
import { renderFindingAlert } from '../../../src/blockkit/finding.js';
import { closureLabel, DEFAULT_CLOSURE_REASONS } from '../../../src/domain/closure.js';
import { checkBounds } from '../../../src/domain/when.js';
import { ApiError } from '../../../src/errors.js';
import { speaking } from '../../../src/i18n/speak.js';
import { now, OPEN, SNOOZED } from '../blockkit/surface-inputs.js';

/** The finding card and its sentences in the person's language (issue 37 item 7, group card). */
const card = (locale: 'en' | 'de' | 'ja', f = OPEN) => speaking(locale, () => renderFindingAlert(f, { now }));
const words = (m: { text: string; blocks: readonly unknown[] }) => `${m.text}\n${JSON.stringify(m.blocks)}`;

describe('the finding card in German and Japanese', () => {
  it('labels its fields, its state and its buttons in the language of the scope', () => {
    const de = words(card('de'));
    expect(de).toContain('*Verantwortlich*');
    expect(de).toContain('*Status:* 🚨 Offen');
    expect(de).toContain('Risiko akzeptieren…');
    expect(de).not.toContain('Accept risk…');
    const ja = words(card('ja'));
    expect(ja).toContain('*担当者*');
    expect(ja).toContain('🚨 未対応');
    expect(ja).toContain('リスク受容…');
  });

  it('keeps English as it was outside any scope', () => {
    expect(words(card('en'))).toBe(words(renderFindingAlert(OPEN, { now })));
    expect(words(card('en', SNOOZED))).toContain('*State:* 💤 Snoozed until');
  });

  it('says a failure, a thread reply, a closure reason and a time refused in the scope’s language', () => {
    const error = new ApiError('x', { kind: 'conflict', operation: 'updateFindingState', processed: 'yes' });
    expect(speaking('de', () => describeFailure(error, 'x', 'ref1'))).toContain(
      'Das Finding hat sich inzwischen geändert',
    );
    const reply = speaking('ja', () => describeChange({ kind: 'reopen' }, 'U0ALICE', OPEN));
    expect(reply).toBe('<@U0ALICE> が再オープンしました。');
    const [falsePositive] = DEFAULT_CLOSURE_REASONS;
    expect(falsePositive && speaking('de', () => closureLabel(falsePositive))).toBe('Fehlalarm');
    expect(falsePositive && closureLabel({ ...falsePositive, label: 'Noise' })).toBe('Noise');
    expect(speaking('de', () => checkBounds(new Date(0), now, 30))).toContain('Vergangenheit');
  });
});
