import type { Namespace } from '../types.js';

/**
 * blockkit/sla-report.ts and sla-chart.ts: the SLA report message and its chart. The chart's own
 * labels are drawn with DejaVu Sans, which has no Japanese glyphs: blockkit/sla-chart.ts draws
 * them in English for a Japanese reader (its alt text, read in Slack, is Japanese).
 */
const en = {
  'slaReport.head': '{days, plural, one {SLA report: the last # day} other {SLA report: the last # days}}',
  'slaReport.line':
    '*{label}*: MTTA {mtta} ({acks}) · MTTR {mttr} ({closures}) · within SLA {within} · from Slack {fromSlack}',
  'slaReport.all': 'All findings',
  'slaReport.bySeverity': '*By severity*',
  'slaReport.byType': '*By finding type*',
  'slaReport.unknownType': 'Unknown type',
  'slaReport.trendLine': '{n} before: MTTR {mttr}, within SLA {within}, {closures} closed',
  'slaReport.trendHead': '*Trend* (the {days}-day periods before)',
  'slaReport.mostOverdue': '*Most overdue*',
  'slaReport.overdueLine': '• {name} ({severity}): {late} past SLA',
  'slaReport.noChart': '_The chart could not be drawn this time; the numbers are in the CSV._',
  'slaReport.text': '{head}: MTTA {mtta}, MTTR {mttr}, within SLA {within}',
  'slaReport.off':
    'SLA clocks are off in this workspace: an operator sets targets in WARDEN_CONFIG `sla` first.',
  'slaReport.sent':
    ':bar_chart: The SLA report of the last {days, plural, one {# day} other {# days}} is in your direct message with Warden.',
  'slaChart.title': 'Closures per {days}-day period, and the share within SLA',
  'slaChart.within': '■ closed within SLA',
  'slaChart.past': '■ closed past SLA',
  'slaChart.share': '— share within SLA (0–100 %)',
  'slaChart.alt':
    'Bar chart of findings closed per {days}-day period over the last five periods ({closed}), with the share closed within SLA as a line.',
} as const;

export const slaReport: Namespace<typeof en> = {
  en,
  de: {
    'slaReport.head':
      '{days, plural, one {SLA-Bericht: der letzte Tag} other {SLA-Bericht: die letzten # Tage}}',
    'slaReport.line':
      '*{label}*: MTTA {mtta} ({acks}) · MTTR {mttr} ({closures}) · im SLA {within} · aus Slack {fromSlack}',
    'slaReport.all': 'Alle Findings',
    'slaReport.bySeverity': '*Nach Schweregrad*',
    'slaReport.byType': '*Nach Finding-Typ*',
    'slaReport.unknownType': 'Unbekannter Typ',
    'slaReport.trendLine': '{n} davor: MTTR {mttr}, im SLA {within}, {closures} geschlossen',
    'slaReport.trendHead': '*Trend* (die {days}-Tage-Zeiträume davor)',
    'slaReport.mostOverdue': '*Am längsten überfällig*',
    'slaReport.overdueLine': '• {name} ({severity}): {late} nach dem SLA',
    'slaReport.noChart':
      '_Das Diagramm konnte diesmal nicht gezeichnet werden; die Zahlen stehen in der CSV-Datei._',
    'slaReport.text': '{head}: MTTA {mtta}, MTTR {mttr}, im SLA {within}',
    'slaReport.off':
      'SLA-Uhren sind in diesem Workspace aus: Zuerst muss ein Operator Ziele in WARDEN_CONFIG `sla` festlegen.',
    'slaReport.sent':
      ':bar_chart: Der SLA-Bericht {days, plural, one {des letzten Tages} other {der letzten # Tage}} steht in Ihrer Direktnachricht mit Warden.',
    'slaChart.title': 'Schließungen je {days}-Tage-Zeitraum und Anteil im SLA',
    'slaChart.within': '■ im SLA geschlossen',
    'slaChart.past': '■ nach SLA geschlossen',
    'slaChart.share': '— Anteil im SLA (0–100 %)',
    'slaChart.alt':
      'Balkendiagramm der geschlossenen Findings je {days}-Tage-Zeitraum über die letzten fünf Zeiträume ({closed}), mit dem Anteil im SLA geschlossener als Linie.',
  },
  ja: {
    'slaReport.head': '{days, plural, other {SLA レポート: 過去 # 日間}}',
    'slaReport.line':
      '*{label}*: MTTA {mtta}（{acks}）· MTTR {mttr}（{closures}）· SLA 内 {within} · Slack から {fromSlack}',
    'slaReport.all': 'すべての検出結果',
    'slaReport.bySeverity': '*重大度別*',
    'slaReport.byType': '*検出結果の種類別*',
    'slaReport.unknownType': '不明な種類',
    'slaReport.trendLine': '{n} 期間前: MTTR {mttr}、SLA 内 {within}、クローズ {closures} 件',
    'slaReport.trendHead': '*推移*（それ以前の {days} 日間の期間）',
    'slaReport.mostOverdue': '*期限超過が最も長いもの*',
    'slaReport.overdueLine': '• {name}（{severity}）: SLA を {late} 超過',
    'slaReport.noChart': '_今回はグラフを描画できませんでした。数値は CSV にあります。_',
    'slaReport.text': '{head}: MTTA {mtta}、MTTR {mttr}、SLA 内 {within}',
    'slaReport.off':
      'このワークスペースでは SLA クロックが無効です: まずオペレーターが WARDEN_CONFIG `sla` で目標を設定してください。',
    'slaReport.sent':
      ':bar_chart: {days, plural, other {過去 # 日間}}の SLA レポートを Warden とのダイレクトメッセージに送りました。',
    'slaChart.title': '{days} 日間ごとのクローズ数と SLA 内の割合',
    'slaChart.within': '■ SLA 内にクローズ',
    'slaChart.past': '■ SLA 超過でクローズ',
    'slaChart.share': '— SLA 内の割合（0–100 %）',
    'slaChart.alt':
      '直近 5 期間について {days} 日間ごとにクローズされた検出結果の棒グラフ（{closed}）。SLA 内にクローズされた割合を線で示します。',
  },
};
