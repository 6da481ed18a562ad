import type { Namespace } from '../types.js';

/** blockkit/home.ts: a person's own Home tab. */
const en = {
  'home.intro': ":shield: *Warden* for {user}: your findings' work, as of {when}.",
  'home.more': '_…and {count} more._',
  'home.header.waitingForYou': 'Waiting for you',
  'home.header.approval': 'Waiting for your approval',
  'home.header.requests': 'Your requests',
  'home.header.ending': 'Ending soon',
  'home.header.recent': 'Recent activity',
  'home.question': '*{question}*\n{finding}, asked {when}',
  'home.nothingWaiting': '_Nothing is waiting for you._',
  'home.waitingLine': '{requester} asks to accept the risk of {subject} until {when}\n{justification}',
  'home.findingCount': '{count, plural, one {# finding} other {# findings}}',
  'home.noRequests': '_You have asked for no risk acceptances._',
  'home.mine':
    '• {subject}, until {when}: *{status, select, pending {pending} approved {approved} denied {denied} expired {expired} other {{status}}}*',
  'home.mineBy':
    '• {subject}, until {when}: *{status, select, pending {pending} approved {approved} denied {denied} expired {expired} other {{status}}}* by {by}',
  'home.nothingEnding': '_Nothing you snoozed or accepted ends within 7 days._',
  'home.ending.snooze': 'The snooze of {finding} ends {when}',
  'home.ending.acceptRisk': 'The risk acceptance of {finding} expires {when}',
  'home.extend': 'Extend…',
  'home.extendAbout.snooze': 'the snooze of {finding}',
  'home.extendAbout.acceptRisk': 'the risk acceptance of {finding}',
  'home.noActivity': '_You have not acted through Warden yet._',
  'home.recent': '• {when}: you {what}',
} as const;

export const home: Namespace<typeof en> = {
  en,
  de: {
    'home.intro': ':shield: *Warden* für {user}: die Arbeit an Ihren Findings, Stand {when}.',
    'home.more': '_…und {count} weitere._',
    'home.header.waitingForYou': 'Wartet auf Sie',
    'home.header.approval': 'Wartet auf Ihre Genehmigung',
    'home.header.requests': 'Ihre Anfragen',
    'home.header.ending': 'Endet bald',
    'home.header.recent': 'Letzte Aktivitäten',
    'home.question': '*{question}*\n{finding}, gefragt {when}',
    'home.nothingWaiting': '_Nichts wartet auf Sie._',
    'home.waitingLine':
      '{requester} beantragt, das Risiko von {subject} bis {when} zu akzeptieren\n{justification}',
    'home.findingCount': '{count, plural, one {# Finding} other {# Findings}}',
    'home.noRequests': '_Sie haben keine Risikoakzeptanz beantragt._',
    'home.mine':
      '• {subject}, bis {when}: *{status, select, pending {ausstehend} approved {genehmigt} denied {abgelehnt} expired {abgelaufen} other {{status}}}*',
    'home.mineBy':
      '• {subject}, bis {when}: *{status, select, pending {ausstehend} approved {genehmigt} denied {abgelehnt} expired {abgelaufen} other {{status}}}* von {by}',
    'home.nothingEnding':
      '_Nichts, was Sie zurückgestellt oder akzeptiert haben, endet in den nächsten 7 Tagen._',
    'home.ending.snooze': 'Das Zurückstellen von {finding} endet {when}',
    'home.ending.acceptRisk': 'Die Risikoakzeptanz für {finding} läuft ab {when}',
    'home.extend': 'Verlängern…',
    'home.extendAbout.snooze': 'das Zurückstellen von {finding}',
    'home.extendAbout.acceptRisk': 'die Risikoakzeptanz für {finding}',
    'home.noActivity': '_Sie haben noch nichts über Warden getan._',
    'home.recent': '• {when}: {what}',
  },
  ja: {
    'home.intro': ':shield: {user} さんの *Warden*: 検出結果の作業状況（{when} 時点）。',
    'home.more': '_…ほか {count} 件。_',
    'home.header.waitingForYou': 'あなたの回答待ち',
    'home.header.approval': 'あなたの承認待ち',
    'home.header.requests': 'あなたの依頼',
    'home.header.ending': 'まもなく終了',
    'home.header.recent': '最近のアクティビティ',
    'home.question': '*{question}*\n{finding}（{when} に質問）',
    'home.nothingWaiting': '_あなたを待っているものはありません。_',
    'home.waitingLine':
      '{requester} さんが {subject} のリスクを {when} まで受容するよう依頼しています\n{justification}',
    'home.findingCount': '{count, plural, other {# 件の検出結果}}',
    'home.noRequests': '_リスク受容を依頼していません。_',
    'home.mine':
      '• {subject}（{when} まで）: *{status, select, pending {保留中} approved {承認済み} denied {却下} expired {期限切れ} other {{status}}}*',
    'home.mineBy':
      '• {subject}（{when} まで）: *{status, select, pending {保留中} approved {承認済み} denied {却下} expired {期限切れ} other {{status}}}*（{by}）',
    'home.nothingEnding':
      '_あなたがスヌーズまたはリスク受容したもので、7 日以内に終了するものはありません。_',
    'home.ending.snooze': '{finding} のスヌーズは {when} に終了します',
    'home.ending.acceptRisk': '{finding} のリスク受容は {when} に期限切れになります',
    'home.extend': '延長…',
    'home.extendAbout.snooze': '{finding} のスヌーズ',
    'home.extendAbout.acceptRisk': '{finding} のリスク受容',
    'home.noActivity': '_まだ Warden で操作していません。_',
    'home.recent': '• {when}: {what}',
  },
};
