import type { WorkCalendar } from '../domain/business-hours.js';
import { type ClockName, type ClockStatus, type FrozenReason, lateBy, overdueDays } from '../domain/sla.js';
import { t } from '../i18n/speak.js';
import { slackDate } from './mrkdwn.js';

/**
 * Every sentence people read about SLA clocks (issue 38); the words are in i18n/catalog/work/sla.ts.
 * The card's line is worded so it changes only at a few moments (the warning share, the target,
 * each whole day overdue): the exact times are Slack date tokens each reader's client renders in
 * their own time zone, so the card is not updated to keep a countdown current.
 */

const WHILE = {
  snoozed: 'sla.while.snoozed',
  riskAccepted: 'sla.while.riskAccepted',
  closed: 'sla.while.closed',
} as const satisfies Record<FrozenReason, string>;

/** `2 days`, `1 working day`, `3 hours`, `45 minutes`: an amount of SLA time. */
export function amountWords(ms: number, cal: WorkCalendar): string {
  if (ms >= cal.dayMs)
    return t(cal.hours ? 'sla.workingDays' : 'sla.days', { n: Math.floor(ms / cal.dayMs) });
  if (ms >= 3_600_000)
    return t(cal.hours ? 'sla.workingHours' : 'sla.hours', { n: Math.floor(ms / 3_600_000) });
  return t('sla.minutes', { n: Math.max(1, Math.floor(ms / 60_000)) });
}

const when = (at: number) => slackDate(new Date(at), '{date_short_pretty}, {time}');

/**
 * The card's line about the clock that matters now (the acknowledge clock until someone acted,
 * then the close clock). Its words change only at the warning, the breach and each whole day late.
 */
export function clockLine(s: ClockStatus, cal: WorkCalendar): string {
  const clock = s.clock;
  if (s.state === 'met') return t('sla.met', { clock });
  if (s.state === 'missed') return t('sla.missed', { clock, amount: amountWords(lateBy(s), cal) });
  if (s.state === 'stopped') return t('sla.stopped');
  if (s.paused) {
    const left = s.targetMs - s.spentMs;
    const during = t(WHILE[s.paused]);
    return s.state === 'overdue'
      ? t('sla.pausedOverdue', { clock, while: during })
      : t('sla.paused', { clock, while: during, amount: amountWords(left, cal) });
  }
  if (s.state === 'overdue') {
    const days = overdueDays(s, cal);
    return days >= 1
      ? t('sla.overdueBy', { clock, amount: amountWords(days * cal.dayMs, cal) })
      : t('sla.overdueSince', { clock, when: when(s.dueAt ?? 0) });
  }
  const due = when(s.dueAt ?? 0);
  return s.warned ? t('sla.dueSoon', { clock, due }) : t('sla.due', { clock, due });
}

/** Both clocks in one line for a card: the one that matters now, and the other's result. */
export function cardClockLine(
  c: { acknowledge: ClockStatus; close: ClockStatus },
  cal: WorkCalendar,
): string {
  const ack = c.acknowledge;
  if (ack.state === 'running' || ack.state === 'overdue') return clockLine(ack, cal);
  const close = clockLine(c.close, cal);
  return ack.state === 'missed' ? `${close} · ${clockLine(ack, cal)}` : close;
}

/** The DM or thread reply at the warning share. */
export function warnText(o: {
  clock: ClockName;
  title: string;
  dueAt: number;
  left: string;
  cardLink: string | undefined;
  forOwner: boolean;
}): string {
  return t('sla.warn', {
    whom: o.forOwner ? 'owner' : 'other',
    title: o.title,
    link: o.cardLink ? ` ${t('sla.alertLink', { url: o.cardLink })}` : '',
    clock: o.clock,
    when: when(o.dueAt),
    left: o.left,
  });
}

/** The thread reply at the breach, naming the owner and the group that answers for it. */
export function breachText(o: {
  clock: ClockName;
  title: string;
  owner: string | undefined;
  group: string | undefined;
}): string {
  const who = [
    o.owner ? t('sla.owner', { owner: o.owner }) : t('sla.noOwner'),
    o.group ? `<!subteam^${o.group}>` : undefined,
  ]
    .filter(Boolean)
    .join(', ');
  return t('sla.breach', { title: o.title, clock: o.clock, who });
}

/** The Home tab's Overdue section. */
export const overdueHeader = (): string => t('sla.overdueHeader');
export const overdueNone = (): string => t('sla.overdueNone');
export function overdueItem(o: { title: string; line: string; link: string | undefined }): string {
  return `• ${o.link ? `<${o.link}|${o.title}>` : o.title}: ${o.line}`;
}
