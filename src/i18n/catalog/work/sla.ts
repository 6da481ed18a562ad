import type { Namespace } from '../types.js';

/** blockkit/sla-words.ts: the card's SLA clock line, the warning and breach notices, Home's Overdue. */
const en = {
  'sla.days': '{n, plural, one {# day} other {# days}}',
  'sla.workingDays': '{n, plural, one {# working day} other {# working days}}',
  'sla.hours': '{n, plural, one {# hour} other {# hours}}',
  'sla.workingHours': '{n, plural, one {# working hour} other {# working hours}}',
  'sla.minutes': '{n, plural, one {# minute} other {# minutes}}',
  'sla.while.snoozed': 'while it is snoozed',
  'sla.while.riskAccepted': 'while its risk is accepted',
  'sla.while.closed': 'while it is closed',
  'sla.met': ':white_check_mark: {clock, select, close {Closed} other {Acknowledged}} within SLA',
  'sla.missed':
    ':heavy_multiplication_x: {clock, select, close {Closed} other {Acknowledged}} {amount} past SLA',
  'sla.stopped': ':white_check_mark: Closed (nobody had to acknowledge it)',
  'sla.pausedOverdue':
    ':red_circle: {clock, select, close {Close} other {Acknowledge}} SLA missed; clock paused {while}',
  'sla.paused':
    ':double_vertical_bar: SLA clock paused {while}: {amount} left to {clock, select, close {close} other {acknowledge}}',
  'sla.overdueBy': ':red_circle: {clock, select, close {Close} other {Acknowledge}} SLA overdue by {amount}',
  'sla.overdueSince':
    ':red_circle: {clock, select, close {Close} other {Acknowledge}} SLA overdue since {when}',
  'sla.dueSoon':
    ':warning: {clock, select, close {Close} other {Acknowledge}} within SLA by {due} (due soon)',
  'sla.due': ':stopwatch: {clock, select, close {Close} other {Acknowledge}} within SLA by {due}',
  'sla.alertLink': '(<{url}|the alert>)',
  'sla.warn':
    ':warning: {whom, select, owner {A finding you own} other {This finding}}, *{title}*{link}, must be {clock, select, close {closed} other {acknowledged}} by {when}: {left} left within its SLA.',
  'sla.owner': 'owner <@{owner}>',
  'sla.noOwner': 'no owner in Slack',
  'sla.breach':
    ':red_circle: *{title}* is past its SLA to {clock, select, close {close} other {acknowledge}} ({who}).',
  'sla.overdueHeader': 'Overdue',
  'sla.overdueNone': '_Nothing is past its SLA._',
} as const;

export const sla: Namespace<typeof en> = {
  en,
  de: {
    'sla.days': '{n, plural, one {# Tag} other {# Tage}}',
    'sla.workingDays': '{n, plural, one {# Arbeitstag} other {# Arbeitstage}}',
    'sla.hours': '{n, plural, one {# Stunde} other {# Stunden}}',
    'sla.workingHours': '{n, plural, one {# Arbeitsstunde} other {# Arbeitsstunden}}',
    'sla.minutes': '{n, plural, one {# Minute} other {# Minuten}}',
    'sla.while.snoozed': 'solange es zurückgestellt ist',
    'sla.while.riskAccepted': 'solange sein Risiko akzeptiert ist',
    'sla.while.closed': 'solange es geschlossen ist',
    'sla.met': ':white_check_mark: {clock, select, close {Geschlossen} other {Bestätigt}} innerhalb des SLA',
    'sla.missed':
      ':heavy_multiplication_x: {clock, select, close {Geschlossen} other {Bestätigt}} {amount} nach dem SLA',
    'sla.stopped': ':white_check_mark: Geschlossen (niemand musste es bestätigen)',
    'sla.pausedOverdue':
      ':red_circle: SLA für {clock, select, close {Schließen} other {Bestätigen}} verfehlt; Uhr pausiert, {while}',
    'sla.paused':
      ':double_vertical_bar: SLA-Uhr pausiert, {while}: noch {amount} zum {clock, select, close {Schließen} other {Bestätigen}}',
    'sla.overdueBy':
      ':red_circle: SLA für {clock, select, close {Schließen} other {Bestätigen}} seit {amount} überfällig',
    'sla.overdueSince':
      ':red_circle: SLA für {clock, select, close {Schließen} other {Bestätigen}} überfällig seit {when}',
    'sla.dueSoon':
      ':warning: {clock, select, close {Schließen} other {Bestätigen}} im SLA bis {due} (bald fällig)',
    'sla.due': ':stopwatch: {clock, select, close {Schließen} other {Bestätigen}} im SLA bis {due}',
    'sla.alertLink': '(<{url}|die Meldung>)',
    'sla.warn':
      ':warning: {whom, select, owner {Ein Finding, für das Sie verantwortlich sind} other {Dieses Finding}}, *{title}*{link}, muss bis {when} {clock, select, close {geschlossen} other {bestätigt}} werden: noch {left} innerhalb des SLA.',
    'sla.owner': 'verantwortlich: <@{owner}>',
    'sla.noOwner': 'keine verantwortliche Person in Slack',
    'sla.breach':
      ':red_circle: *{title}* hat das SLA zum {clock, select, close {Schließen} other {Bestätigen}} überschritten ({who}).',
    'sla.overdueHeader': 'Überfällig',
    'sla.overdueNone': '_Nichts hat sein SLA überschritten._',
  },
  ja: {
    'sla.days': '{n, plural, other {# 日}}',
    'sla.workingDays': '{n, plural, other {# 営業日}}',
    'sla.hours': '{n, plural, other {# 時間}}',
    'sla.workingHours': '{n, plural, other {# 営業時間}}',
    'sla.minutes': '{n, plural, other {# 分}}',
    'sla.while.snoozed': 'スヌーズ中のため',
    'sla.while.riskAccepted': 'リスク受容済みのため',
    'sla.while.closed': 'クローズ中のため',
    'sla.met': ':white_check_mark: SLA 内に{clock, select, close {クローズ} other {確認}}しました',
    'sla.missed':
      ':heavy_multiplication_x: SLA を {amount} 超過して{clock, select, close {クローズ} other {確認}}しました',
    'sla.stopped': ':white_check_mark: クローズしました（確認は不要でした）',
    'sla.pausedOverdue':
      ':red_circle: {clock, select, close {クローズ} other {確認}}の SLA 超過。{while}クロックは一時停止中',
    'sla.paused':
      ':double_vertical_bar: {while} SLA クロックは一時停止中: {clock, select, close {クローズ} other {確認}}まで残り {amount}',
    'sla.overdueBy': ':red_circle: {clock, select, close {クローズ} other {確認}}の SLA を {amount} 超過',
    'sla.overdueSince':
      ':red_circle: {clock, select, close {クローズ} other {確認}}の SLA を {when} から超過',
    'sla.dueSoon':
      ':warning: SLA 内の{clock, select, close {クローズ} other {確認}}期限: {due}（まもなく期限）',
    'sla.due': ':stopwatch: SLA 内の{clock, select, close {クローズ} other {確認}}期限: {due}',
    'sla.alertLink': '（<{url}|アラート>）',
    'sla.warn':
      ':warning: {whom, select, owner {あなたが担当する検出結果} other {この検出結果}} *{title}*{link} は {when} までに{clock, select, close {クローズ} other {確認}}する必要があります: SLA 内の残り {left}。',
    'sla.owner': '担当者 <@{owner}>',
    'sla.noOwner': 'Slack に担当者なし',
    'sla.breach':
      ':red_circle: *{title}* は{clock, select, close {クローズ} other {確認}}の SLA を超過しました（{who}）。',
    'sla.overdueHeader': '期限超過',
    'sla.overdueNone': '_SLA を超過しているものはありません。_',
  },
};
