import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { activityWords } from '../../../src/blockkit/activity-words.js';
import { FINDING_ACTION_KINDS } from '../../../src/domain/actions.js';
import { CONTAIN_ACTIONS } from '../../../src/domain/contain.js';
import type { AuditOutcome } from '../../../src/ports/store.js';

/**
 * Home's *Recent activity* in words (issue 37 item 3): every audit key Warden writes reads as a
 * sentence, never as the key (`stepUp.suppress`, `bulk.snooze`), and a key not known yet is told
 * in words too. The literal keys are read from src/usecases, so a new one must get its words.
 */
const SRC = join(import.meta.dirname, '../../../src/usecases');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

/** `action: '…'` in every use case that writes the audit log. */
const literalKeys = files(SRC)
  .map((f) => readFileSync(f, 'utf8'))
  .filter((text) => text.includes('recordAudit('))
  .flatMap((text) => [...text.matchAll(/action: '([a-zA-Z.]+)'/g)].map((m) => m[1] ?? ''))
  // a metric's label written beside an audit entry, not an audit key
  .filter((key) => key !== 'unknown');

const STEP_UP_KEYS = [
  ...FINDING_ACTION_KINDS,
  'bulk',
  'show',
  'notifyOwner',
  'contain',
  ...CONTAIN_ACTIONS.map((a) => `contain.${a}`),
  'review.certify',
  'review.revoke',
  'review.reassign',
  'review.link',
  'attest.answer',
];
const KEYS = [
  ...new Set([
    ...literalKeys,
    ...FINDING_ACTION_KINDS,
    ...FINDING_ACTION_KINDS.map((k) => `bulk.${k}`),
    ...CONTAIN_ACTIONS.map((a) => `contain.${a}`),
    ...['certify', 'revoke', 'reassign', 'comment', 'verified'].map((k) => `review.${k}`),
    ...STEP_UP_KEYS.map((k) => `stepUp.${k}`),
  ]),
];
const entry = (action: string, outcome: AuditOutcome = 'ok') => ({
  action,
  outcome,
  params: { findings: 3 },
});

describe('Recent activity in words', () => {
  it('finds the keys the use cases write', () => {
    expect(literalKeys).toEqual(
      expect.arrayContaining(['acceptRisk.request', 'contain.request', 'review.link']),
    );
  });

  it.each(KEYS)('%s reads as words, never as the key or the catch-all', (key) => {
    for (const outcome of ['ok', 'requested', 'refused'] as const) {
      const { what } = activityWords(entry(key, outcome));
      expect(what).not.toMatch(/[a-z][A-Z]|\.|\(/);
      if (/[.A-Z]/.test(key)) expect(what).not.toContain(key);
      // the catch-all for a key nobody gave words to
      expect(what).not.toMatch(/\bact(ed)? on\b/);
    }
  });

  it('says what a step-up was for and how many a bulk change touched', () => {
    expect(activityWords(entry('stepUp.suppress', 'requested')).what).toBe(
      'asked for a fresh sign-in to suppress',
    );
    expect(activityWords(entry('bulk.snooze')).what).toBe('snoozed 3 findings of a roll-up');
    expect(activityWords(entry('review.certify'))).toEqual({
      what: 'certified an access in a review',
      target: 'none',
    });
  });

  it('humanises a key it does not know yet', () => {
    expect(activityWords(entry('rotateKey.now')).what).toBe('acted (rotate key now) on');
    expect(activityWords(entry('stepUp.rotateKey', 'requested')).what).toBe(
      'asked for a fresh sign-in to act (rotate key) on',
    );
  });
});
