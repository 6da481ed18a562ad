import { describe, expect, it } from 'vitest';
import { activityWords } from '../../../src/blockkit/activity-words.js';
import { renderHome } from '../../../src/blockkit/home.js';
import { renderEndNews } from '../../../src/blockkit/reminder.js';
import { speaking } from '../../../src/i18n/speak.js';
import { homeData, OPEN } from '../blockkit/surface-inputs.js';

/**
 * The people surfaces (Home, its Recent activity, the end of a snooze) in German and Japanese:
 * whole sentences in each language's order, not English glue around translated pieces.
 */
const entry = (action: string, outcome: 'ok' | 'requested' = 'ok') => ({
  action,
  outcome,
  params: { findings: 3 },
});
const texts = (v: ReturnType<typeof renderHome>) => JSON.stringify(v.blocks);

describe('people surfaces in German and Japanese', () => {
  it('Recent activity places the finding where each language wants it', () => {
    expect(speaking('de', () => activityWords(entry('suppress'), '`FND_1`').what)).toBe(
      'Sie haben `FND_1` unterdrückt',
    );
    expect(speaking('ja', () => activityWords(entry('suppress'), '`FND_1`').what)).toBe(
      '`FND_1` を抑制しました',
    );
    expect(speaking('de', () => activityWords(entry('bulk.snooze')).what)).toBe(
      'Sie haben 3 Findings einer Sammelmeldung zurückgestellt',
    );
    expect(speaking('de', () => activityWords(entry('stepUp.resolve', 'requested'), '`FND_1`').what)).toBe(
      'Sie haben eine erneute Anmeldung angefordert, um `FND_1` zu beheben',
    );
  });

  it('a step-up for a bulk change names the roll-up in English too', () => {
    expect(activityWords(entry('stepUp.bulk', 'requested')).what).toBe(
      'asked for a fresh sign-in to change several findings of a roll-up',
    );
  });

  it('Home reads in German: headers, a request’s status, what the person did', () => {
    const de = texts(speaking('de', () => renderHome(homeData)));
    for (const words of [
      'Ihre Anfragen',
      'Endet bald',
      'Letzte Aktivitäten',
      '*genehmigt* von',
      'unterdrückt',
    ])
      expect(de).toContain(words);
    expect(de).not.toContain('Recent activity');
    const ja = texts(speaking('ja', () => renderHome(homeData)));
    expect(ja).toContain('最近のアクティビティ');
    expect(ja).toContain('*承認済み*');
  });

  it('the end of a snooze is told in the thread’s language', () => {
    expect(speaking('de', () => renderEndNews('snooze', OPEN))).toBe(
      ':alarm_clock: Zurückstellen beendet — wieder offen.',
    );
  });
});
