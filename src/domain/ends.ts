import type { FindingStateView } from './actions.js';
import { shownWords } from './attribution.js';

/**
 * The end a finding's state runs to by itself: a snooze's `snoozeUntil`, a risk acceptance's
 * expiry (api-facts.md: the finding reopens by itself then). Pure.
 */
export type EndingAction = 'snooze' | 'acceptRisk';

export interface End {
  action: EndingAction;
  /** When it ends (ms since the epoch). */
  at: number;
}

export function endOf(f: FindingStateView): End | undefined {
  const [action, value] =
    f.state === 'FINDING_STATE_SNOOZED'
      ? (['snooze', f.snoozeUntil] as const)
      : f.state === 'FINDING_STATE_RISK_ACCEPTED'
        ? (['acceptRisk', f.riskAcceptanceExpiresAt] as const)
        : [undefined, undefined];
  if (!action || !value) return undefined;
  const at = Date.parse(value);
  return Number.isFinite(at) ? { action, at } : undefined;
}

/** The same end: the tenant may keep a coarser precision than was sent (a second either way). */
export const isSameEnd = (a: End | undefined, b: End): boolean =>
  a !== undefined && a.action === b.action && Math.abs(a.at - b.at) < 1_000;

/** The schedule's keys: one reminder and one end job per end, whoever schedules them. */
export const endKey = (kind: 'remind' | 'end', findingId: string, end: End): string =>
  `${kind}:${findingId}:${end.action}:${Math.floor(end.at / 1_000)}`;

/** The least a reminder leaves to act before its end, and the least after the end was learned of. */
export const REMIND_ROOM_MS = 15 * 60_000;

/**
 * When the reminder of an end learned of at `now` goes: `remindBefore` ahead of it; an end nearer
 * than twice that (a 1-day snooze with the default 24h) is reminded of half-way there instead, so
 * the reminder neither comes at the moment it was made nor too late to act. It leaves at least 15
 * minutes before the end (or `remindBefore`, when that is shorter) and comes at least as long
 * after `now`: an end too near for both gets no reminder (undefined), as does `remindBefore` 0.
 */
export function reminderAt(endAt: number, now: number, remindBeforeMs: number): number | undefined {
  if (remindBeforeMs <= 0) return undefined;
  const room = Math.min(REMIND_ROOM_MS, remindBeforeMs);
  const halfWay = now + Math.floor((endAt - now) / 2);
  const at = Math.min(Math.max(endAt - remindBeforeMs, halfWay), endAt - room);
  return at - now >= room ? at : undefined;
}

/** The words the person gave for a snooze or an acceptance, as Slack shows them. */
export function endWordsOf(
  f: { snoozeReason?: string | null | undefined; riskAcceptanceJustification?: string | null | undefined },
  action: EndingAction,
  template: string,
): string | undefined {
  const raw = action === 'snooze' ? f.snoozeReason : f.riskAcceptanceJustification;
  return raw ? shownWords(template, raw) : undefined;
}
