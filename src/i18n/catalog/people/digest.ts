import type { Namespace } from '../types.js';

/** blockkit/digest.ts: a channel's daily digest. Counts arrive as text, formatted by the caller. */
const en = {
  'digest.header': 'Daily digest',
  'digest.for': 'For {when}',
  'digest.openUnknown': '*Open findings:* _the tenant did not answer; see its console._',
  'digest.open': '*Open findings: {total}*{counts}',
  'digest.openFloor': '*Open findings ({severity} and above): {total}*{counts}',
  'digest.arrivedSince': '*Arrived since {when}: {count}*',
  'digest.arrivedDay': '*Arrived in the last day: {count}*',
  'digest.ending': '*Ending within 7 days: {count}*',
  'digest.approvals': '*Approvals waiting: {count}*',
  'digest.more': ' …and {count} more',
  'digest.approval': '• {subject} by {requester}',
  'digest.approvalLink': '• {subject} by {requester} (<{link}|request>)',
  'digest.text':
    'Daily digest: {total}, {arrived} new, {ending} ending within 7 days, {approvals} approvals waiting',
  'digest.totalOpen': '{count} open',
  'digest.totalUnknown': 'open findings unknown',
} as const;

export const digest: Namespace<typeof en> = {
  en,
  de: {
    'digest.header': 'Tägliche Übersicht',
    'digest.for': 'Für {when}',
    'digest.openUnknown': '*Offene Findings:* _Der Tenant hat nicht geantwortet; siehe seine Konsole._',
    'digest.open': '*Offene Findings: {total}*{counts}',
    'digest.openFloor': '*Offene Findings ({severity} und höher): {total}*{counts}',
    'digest.arrivedSince': '*Neu seit {when}: {count}*',
    'digest.arrivedDay': '*Neu am letzten Tag: {count}*',
    'digest.ending': '*Endet in den nächsten 7 Tagen: {count}*',
    'digest.approvals': '*Wartende Genehmigungen: {count}*',
    'digest.more': ' …und {count} weitere',
    'digest.approval': '• {subject} von {requester}',
    'digest.approvalLink': '• {subject} von {requester} (<{link}|Anfrage>)',
    'digest.text':
      'Tägliche Übersicht: {total}, {arrived} neu, {ending} enden in den nächsten 7 Tagen, {approvals} Genehmigungen warten',
    'digest.totalOpen': '{count} offen',
    'digest.totalUnknown': 'offene Findings unbekannt',
  },
  ja: {
    'digest.header': 'デイリーダイジェスト',
    'digest.for': '{when} 分',
    'digest.openUnknown':
      '*未対応の検出結果:* _テナントから応答がありませんでした。コンソールを確認してください。_',
    'digest.open': '*未対応の検出結果: {total}*{counts}',
    'digest.openFloor': '*未対応の検出結果（{severity}以上）: {total}*{counts}',
    'digest.arrivedSince': '*{when} 以降の新着: {count}*',
    'digest.arrivedDay': '*過去 1 日の新着: {count}*',
    'digest.ending': '*7 日以内に終了: {count}*',
    'digest.approvals': '*承認待ち: {count}*',
    'digest.more': ' …ほか {count} 件',
    'digest.approval': '• {subject}（依頼者: {requester}）',
    'digest.approvalLink': '• {subject}（依頼者: {requester}）（<{link}|依頼>）',
    'digest.text':
      'デイリーダイジェスト: 未対応 {total}、新着 {arrived} 件、7 日以内に終了 {ending} 件、承認待ち {approvals} 件',
    'digest.totalOpen': '{count} 件',
    'digest.totalUnknown': '不明',
  },
};
