import type { WorkCalendar } from '../domain/business-hours.js';
import { type ClockName, type ClockStatus, type FrozenReason, lateBy, overdueDays } from '../domain/sla.js';
import { slackDate } from './mrkdwn.js';

/**
 * Every sentence people read about SLA clocks (issue 38), in one place for the message catalogue.
 * The card's line is worded so it changes only at a few moments (the warning share, the target,
 * each whole day overdue): the exact times are Slack date tokens each reader's client renders in
 * their own time zone, so the card is not updated to keep a countdown current.
 */

const VERB: Record<ClockName, string> = { acknowledge: 'Acknowledge', close: 'Close' };
const PAUSED: Record<FrozenReason, string> = {
  snoozed: 'while it is snoozed',
  riskAccepted: 'while its risk is accepted',
  closed: 'while it is closed',
};

/** `2 days`, `1 working day`, `3 hours`, `45 minutes`: an amount of SLA time. */
export function amountWords(ms: number, cal: WorkCalendar): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  const working = cal.hours ? 'working ' : '';
  if (ms >= cal.dayMs) return plural(Math.floor(ms / cal.dayMs), `${working}day`);
  if (ms >= 3_600_000) return plural(Math.floor(ms / 3_600_000), `${working}hour`);
  return plural(Math.max(1, Math.floor(ms / 60_000)), 'minute');
}

const when = (t: number) => slackDate(new Date(t), '{date_short_pretty}, {time}');

/**
 * The card's line about the clock that matters now (the acknowledge clock until someone acted,
 * then the close clock). Its words change only at the warning, the breach and each whole day late.
 */
export function clockLine(s: ClockStatus, cal: WorkCalendar): string {
  const verb = VERB[s.clock];
  if (s.state === 'met')
    return `:white_check_mark: ${s.clock === 'close' ? 'Closed' : 'Acknowledged'} within SLA`;
  if (s.state === 'missed')
    return `:heavy_multiplication_x: ${s.clock === 'close' ? 'Closed' : 'Acknowledged'} ${amountWords(lateBy(s), cal)} past SLA`;
  if (s.state === 'stopped') return ':white_check_mark: Closed (nobody had to acknowledge it)';
  if (s.paused) {
    const left = s.targetMs - s.spentMs;
    return s.state === 'overdue'
      ? `:red_circle: ${verb} SLA missed; clock paused ${PAUSED[s.paused]}`
      : `:double_vertical_bar: SLA clock paused ${PAUSED[s.paused]}: ${amountWords(left, cal)} left to ${verb.toLowerCase()}`;
  }
  if (s.state === 'overdue') {
    const days = overdueDays(s, cal);
    const by =
      days >= 1 ? `overdue by ${amountWords(days * cal.dayMs, cal)}` : `overdue since ${when(s.dueAt ?? 0)}`;
    return `:red_circle: ${verb} SLA ${by}`;
  }
  const due = when(s.dueAt ?? 0);
  return s.warned
    ? `:warning: ${verb} within SLA by ${due} (due soon)`
    : `:stopwatch: ${verb} within SLA by ${due}`;
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
  const link = o.cardLink ? ` (<${o.cardLink}|the alert>)` : '';
  const whom = o.forOwner ? 'A finding you own' : 'This finding';
  return `:warning: ${whom}, *${o.title}*${link}, must be ${o.clock === 'close' ? 'closed' : 'acknowledged'} by ${when(o.dueAt)}: ${o.left} left within its SLA.`;
}

/** The thread reply at the breach, naming the owner and the group that answers for it. */
export function breachText(o: {
  clock: ClockName;
  title: string;
  owner: string | undefined;
  group: string | undefined;
}): string {
  const who = [
    o.owner ? `owner <@${o.owner}>` : 'no owner in Slack',
    o.group ? `<!subteam^${o.group}>` : undefined,
  ]
    .filter(Boolean)
    .join(', ');
  return `:red_circle: *${o.title}* is past its SLA to ${o.clock === 'close' ? 'close' : 'acknowledge'} (${who}).`;
}

/** The Home tab's Overdue section. */
export const OVERDUE_HEADER = 'Overdue';
export const overdueNone = (): string => '_Nothing is past its SLA._';
export function overdueItem(o: { title: string; line: string; link: string | undefined }): string {
  return `• ${o.link ? `<${o.link}|${o.title}>` : o.title}: ${o.line}`;
}
