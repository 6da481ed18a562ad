import type { Namespace } from '../types.js';

/** blockkit/reminder.ts and digest.ts: a snooze or risk acceptance that ends. */
const en = {
  'ends.reminder.snooze':
    ':alarm_clock: {who}the snooze of {title}{link} ends {when}. The finding then opens again.',
  'ends.reminder.acceptRisk':
    ':alarm_clock: {who}the risk acceptance of {title}{link} expires {when}. The finding then opens again.',
  'ends.theAlert': ' (<{link}|the alert>)',
  'ends.lettingEnd': '{who} lets it end.',
  'ends.extend': 'Extend…',
  'ends.letEnd': 'Let it end',
  'ends.reminderText.snooze': 'Reminder: the snooze of {finding} ends soon',
  'ends.reminderText.acceptRisk': 'Reminder: the risk acceptance of {finding} expires soon',
  'ends.extended.snooze': ':arrows_counterclockwise: The snooze was extended: it now ends {when}.',
  'ends.extended.acceptRisk':
    ':arrows_counterclockwise: The risk acceptance was extended: it now ends {when}.',
  'ends.openAgain.snooze': ':alarm_clock: Snooze ended — open again.',
  'ends.openAgain.acceptRisk': ':alarm_clock: Risk acceptance expired — open again.',
  'ends.nowState.snooze': ':alarm_clock: Snooze ended; the finding is now {state}.',
  'ends.nowState.acceptRisk': ':alarm_clock: Risk acceptance expired; the finding is now {state}.',
  'ends.line.snooze': '• the snooze of {finding} ends {when}',
  'ends.line.acceptRisk': '• the risk acceptance of {finding} expires {when}',
  'ends.letsEnd.snooze': '{who} lets the snooze end: it ends {when}.',
  'ends.letsEnd.acceptRisk': '{who} lets the risk acceptance end: it expires {when}.',
} as const;

export const ends: Namespace<typeof en> = {
  en,
  de: {
    'ends.reminder.snooze':
      ':alarm_clock: {who}das Zurückstellen von {title}{link} endet {when}. Das Finding ist dann wieder offen.',
    'ends.reminder.acceptRisk':
      ':alarm_clock: {who}die Risikoakzeptanz für {title}{link} läuft ab {when}. Das Finding ist dann wieder offen.',
    'ends.theAlert': ' (<{link}|zur Meldung>)',
    'ends.lettingEnd': '{who} lässt es auslaufen.',
    'ends.extend': 'Verlängern…',
    'ends.letEnd': 'Auslaufen lassen',
    'ends.reminderText.snooze': 'Erinnerung: Das Zurückstellen von {finding} endet bald',
    'ends.reminderText.acceptRisk': 'Erinnerung: Die Risikoakzeptanz für {finding} läuft bald ab',
    'ends.extended.snooze':
      ':arrows_counterclockwise: Das Zurückstellen wurde verlängert: Es endet jetzt {when}.',
    'ends.extended.acceptRisk':
      ':arrows_counterclockwise: Die Risikoakzeptanz wurde verlängert: Sie endet jetzt {when}.',
    'ends.openAgain.snooze': ':alarm_clock: Zurückstellen beendet — wieder offen.',
    'ends.openAgain.acceptRisk': ':alarm_clock: Risikoakzeptanz abgelaufen — wieder offen.',
    'ends.nowState.snooze': ':alarm_clock: Zurückstellen beendet; das Finding ist jetzt {state}.',
    'ends.nowState.acceptRisk': ':alarm_clock: Risikoakzeptanz abgelaufen; das Finding ist jetzt {state}.',
    'ends.line.snooze': '• das Zurückstellen von {finding} endet {when}',
    'ends.line.acceptRisk': '• die Risikoakzeptanz für {finding} läuft ab {when}',
    'ends.letsEnd.snooze': '{who} lässt das Zurückstellen auslaufen: Es endet {when}.',
    'ends.letsEnd.acceptRisk': '{who} lässt die Risikoakzeptanz auslaufen: Sie läuft ab {when}.',
  },
  ja: {
    'ends.reminder.snooze':
      ':alarm_clock: {who}{title}{link} のスヌーズは {when} に終了します。その後、検出結果は再び未対応になります。',
    'ends.reminder.acceptRisk':
      ':alarm_clock: {who}{title}{link} のリスク受容は {when} に期限切れになります。その後、検出結果は再び未対応になります。',
    'ends.theAlert': '（<{link}|アラート>）',
    'ends.lettingEnd': '{who} さんはそのまま終了させます。',
    'ends.extend': '延長…',
    'ends.letEnd': 'そのまま終了',
    'ends.reminderText.snooze': 'リマインダー: {finding} のスヌーズがまもなく終了します',
    'ends.reminderText.acceptRisk': 'リマインダー: {finding} のリスク受容がまもなく期限切れになります',
    'ends.extended.snooze': ':arrows_counterclockwise: スヌーズが延長されました。{when} に終了します。',
    'ends.extended.acceptRisk': ':arrows_counterclockwise: リスク受容が延長されました。{when} に終了します。',
    'ends.openAgain.snooze': ':alarm_clock: スヌーズが終了しました — 再び未対応です。',
    'ends.openAgain.acceptRisk': ':alarm_clock: リスク受容が期限切れになりました — 再び未対応です。',
    'ends.nowState.snooze': ':alarm_clock: スヌーズが終了しました。検出結果は現在{state}です。',
    'ends.nowState.acceptRisk': ':alarm_clock: リスク受容が期限切れになりました。検出結果は現在{state}です。',
    'ends.line.snooze': '• {finding} のスヌーズは {when} に終了します',
    'ends.line.acceptRisk': '• {finding} のリスク受容は {when} に期限切れになります',
    'ends.letsEnd.snooze': '{who} さんはスヌーズをそのまま終了させます。{when} に終了します。',
    'ends.letsEnd.acceptRisk': '{who} さんはリスク受容をそのまま終了させます。{when} に期限切れになります。',
  },
};
