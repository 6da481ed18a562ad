import type { Namespace } from '../types.js';

/**
 * The finding's action forms (blockkit/forms/snooze.ts, accept-risk.ts, suppress.ts, resolve.ts)
 * and their many-findings-at-once versions (bulk.ts).
 */
const en = {
  'form.snoozeFor': 'Snooze for',
  'form.dateWins': 'A date picked here wins over the choice above.',
  'form.reason': 'Reason',
  'form.snoozePlaceholder': 'Why can this wait? e.g. waiting on the vendor',
  'form.snoozeReopens': 'The finding reopens by itself at that time.',
  'form.extendSnooze': 'Extend snooze',
  'form.snoozeFinding': 'Snooze finding',
  'form.extend': 'Extend',
  'form.snooze': 'Snooze',
  'form.sayWhyWait': 'Say why this can wait.',
  'form.justification': 'Justification',
  'form.justificationHint': 'At least {min} characters: the compensating control, who decided, until when.',
  'form.acceptFor': 'Accept for',
  'form.acceptDateWins': 'A date picked here wins over the choice above. At most {max} days ahead.',
  'form.acceptReopens': 'The finding reopens by itself when the acceptance expires.',
  'form.extendAcceptance': 'Extend acceptance',
  'form.acceptRisk': 'Accept risk',
  'form.justificationShort': 'Give at least {min} characters: what makes this risk acceptable.',
  'form.suppressPermanent':
    '*Suppression is permanent.* The finding stays suppressed, with no expiry, until someone reopens it.',
  'form.suppressPlaceholder': 'e.g. test account of the load rig',
  'form.suppressFinding': 'Suppress finding',
  'form.suppress': 'Suppress',
  'form.resolveFinding': 'Resolve finding',
  'form.resolve': 'Resolve',
  'form.whatWasDone': 'What was done',
  'form.resolvePlaceholder': 'e.g. owner assigned, account disabled',
  'bulkForm.snoozeTitle': 'Snooze findings',
  'bulkForm.snoozeSubmit': 'Snooze all',
  'bulkForm.suppressTitle': 'Suppress findings',
  'bulkForm.suppressSubmit': 'Suppress all',
  'bulkForm.snoozeHead':
    '*{count, plural, one {{count} finding} other {{count} findings}}* {source, select, review {picked in Review} other {of roll-up {group}}} in <#{channel}> will be snoozed. Findings whose state does not allow it are left as they are; the roll-up’s thread lists them.',
  'bulkForm.suppressHead':
    '*{count, plural, one {{count} finding} other {{count} findings}}* {source, select, review {picked in Review} other {of roll-up {group}}} in <#{channel}> will be suppressed. Findings whose state does not allow it are left as they are; the roll-up’s thread lists them.',
  'bulkForm.acceptRiskHead':
    '*{count, plural, one {{count} finding} other {{count} findings}}* {source, select, review {picked in Review} other {of roll-up {group}}} in <#{channel}> will be accepted. Findings whose state does not allow it are left as they are; the roll-up’s thread lists them.',
  'bulkForm.fourEyes':
    'An approver from <!subteam^{approvers}> decides before anything is accepted (four-eyes).',
} as const;

export const actionForms: Namespace<typeof en> = {
  en,
  de: {
    'form.snoozeFor': 'Zurückstellen für',
    'form.dateWins': 'Ein hier gewähltes Datum hat Vorrang vor der Auswahl oben.',
    'form.reason': 'Grund',
    'form.snoozePlaceholder': 'Warum kann das warten? z. B. Rückmeldung des Herstellers steht aus',
    'form.snoozeReopens': 'Das Finding wird zu diesem Zeitpunkt von selbst wieder geöffnet.',
    'form.extendSnooze': 'Länger zurückstellen',
    'form.snoozeFinding': 'Finding zurückstellen',
    'form.extend': 'Verlängern',
    'form.snooze': 'Zurückstellen',
    'form.sayWhyWait': 'Sagen Sie, warum das warten kann.',
    'form.justification': 'Begründung',
    'form.justificationHint':
      'Mindestens {min} Zeichen: die ausgleichende Kontrolle, wer entschieden hat, bis wann.',
    'form.acceptFor': 'Akzeptieren für',
    'form.acceptDateWins':
      'Ein hier gewähltes Datum hat Vorrang vor der Auswahl oben. Höchstens {max} Tage im Voraus.',
    'form.acceptReopens': 'Das Finding wird von selbst wieder geöffnet, wenn die Risikoakzeptanz abläuft.',
    'form.extendAcceptance': 'Akzeptanz verlängern',
    'form.acceptRisk': 'Risiko akzeptieren',
    'form.justificationShort': 'Geben Sie mindestens {min} Zeichen an: was dieses Risiko akzeptabel macht.',
    'form.suppressPermanent':
      '*Unterdrücken ist dauerhaft.* Das Finding bleibt ohne Ablaufdatum unterdrückt, bis jemand es wieder öffnet.',
    'form.suppressPlaceholder': 'z. B. Testkonto des Lasttest-Aufbaus',
    'form.suppressFinding': 'Finding unterdrücken',
    'form.suppress': 'Unterdrücken',
    'form.resolveFinding': 'Finding beheben',
    'form.resolve': 'Beheben',
    'form.whatWasDone': 'Was getan wurde',
    'form.resolvePlaceholder': 'z. B. Verantwortliche zugewiesen, Konto deaktiviert',
    'bulkForm.snoozeTitle': 'Findings zurückstellen',
    'bulkForm.snoozeSubmit': 'Alle zurückstellen',
    'bulkForm.suppressTitle': 'Findings unterdrücken',
    'bulkForm.suppressSubmit': 'Alle unterdrücken',
    'bulkForm.snoozeHead':
      '*{count, plural, one {{count} Finding} other {{count} Findings}}* {source, select, review {aus der Überprüfung} other {der Sammelmeldung {group}}} in <#{channel}> werden zurückgestellt. Findings, deren Status das nicht erlaubt, bleiben unverändert; der Thread der Sammelmeldung listet sie auf.',
    'bulkForm.suppressHead':
      '*{count, plural, one {{count} Finding} other {{count} Findings}}* {source, select, review {aus der Überprüfung} other {der Sammelmeldung {group}}} in <#{channel}> werden unterdrückt. Findings, deren Status das nicht erlaubt, bleiben unverändert; der Thread der Sammelmeldung listet sie auf.',
    'bulkForm.acceptRiskHead':
      '*{count, plural, one {{count} Finding} other {{count} Findings}}* {source, select, review {aus der Überprüfung} other {der Sammelmeldung {group}}} in <#{channel}>: Das Risiko wird akzeptiert. Findings, deren Status das nicht erlaubt, bleiben unverändert; der Thread der Sammelmeldung listet sie auf.',
    'bulkForm.fourEyes':
      'Eine genehmigende Person aus <!subteam^{approvers}> entscheidet, bevor etwas akzeptiert wird (Vier-Augen-Prinzip).',
  },
  ja: {
    'form.snoozeFor': 'スヌーズ期間',
    'form.dateWins': 'ここで選んだ日付が上の選択より優先されます。',
    'form.reason': '理由',
    'form.snoozePlaceholder': 'なぜ後回しにできますか? 例: ベンダーの回答待ち',
    'form.snoozeReopens': 'その時刻になると検出結果は自動的に再オープンされます。',
    'form.extendSnooze': 'スヌーズを延長',
    'form.snoozeFinding': '検出結果をスヌーズ',
    'form.extend': '延長',
    'form.snooze': 'スヌーズ',
    'form.sayWhyWait': '後回しにできる理由を入力してください。',
    'form.justification': '理由',
    'form.justificationHint': '{min} 文字以上: 補完的な管理策、決定者、期限を記入してください。',
    'form.acceptFor': '受容期間',
    'form.acceptDateWins': 'ここで選んだ日付が上の選択より優先されます。最長 {max} 日先までです。',
    'form.acceptReopens': 'リスク受容の期限が切れると、検出結果は自動的に再オープンされます。',
    'form.extendAcceptance': 'リスク受容を延長',
    'form.acceptRisk': 'リスク受容',
    'form.justificationShort': '{min} 文字以上で、このリスクを受容できる理由を入力してください。',
    'form.suppressPermanent':
      '*抑制は恒久的です。* 検出結果は期限なしで抑制され、誰かが再オープンするまでそのままです。',
    'form.suppressPlaceholder': '例: 負荷試験環境のテストアカウント',
    'form.suppressFinding': '検出結果を抑制',
    'form.suppress': '抑制',
    'form.resolveFinding': '検出結果を解決',
    'form.resolve': '解決',
    'form.whatWasDone': '実施した対応',
    'form.resolvePlaceholder': '例: 担当者を割り当て、アカウントを無効化',
    'bulkForm.snoozeTitle': '検出結果をスヌーズ',
    'bulkForm.snoozeSubmit': 'すべてスヌーズ',
    'bulkForm.suppressTitle': '検出結果を抑制',
    'bulkForm.suppressSubmit': 'すべて抑制',
    'bulkForm.snoozeHead':
      '<#{channel}> の{source, select, review {レビューで選んだ} other {まとめ通知 {group} の}} *{count, plural, other {{count} 件の検出結果}}* をスヌーズします。状態が許さない検出結果はそのままで、まとめ通知のスレッドに一覧されます。',
    'bulkForm.suppressHead':
      '<#{channel}> の{source, select, review {レビューで選んだ} other {まとめ通知 {group} の}} *{count, plural, other {{count} 件の検出結果}}* を抑制します。状態が許さない検出結果はそのままで、まとめ通知のスレッドに一覧されます。',
    'bulkForm.acceptRiskHead':
      '<#{channel}> の{source, select, review {レビューで選んだ} other {まとめ通知 {group} の}} *{count, plural, other {{count} 件の検出結果}}* のリスクを受容します。状態が許さない検出結果はそのままで、まとめ通知のスレッドに一覧されます。',
    'bulkForm.fourEyes': '受容の前に <!subteam^{approvers}> の承認者が判断します (二者承認)。',
  },
};
