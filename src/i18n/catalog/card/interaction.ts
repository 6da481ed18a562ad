import type { Namespace } from '../types.js';

/**
 * blockkit/interaction-words.ts, delivery-words.ts, state-event-words.ts and info-modal.ts: what
 * the interaction runner and delivery tell a person, whatever the surface.
 */
const en = {
  'interaction.notValid':
    ':warning: This button is not valid (it may have been altered or is too old); nothing was done.',
  'interaction.formNotValid':
    ':warning: This form could not be read (it may have been altered or is too old). Nothing was changed; open it again from the alert.',
  'interaction.viewNotValid':
    ':warning: This window could not be checked (it may have been altered, or opened before Warden was updated); nothing was done. Close it and open it again.',
  'interaction.shortcutNotValid':
    ':warning: Warden does not know this shortcut (it may have been altered or is from an older version of the app); nothing was done.',
  'interaction.refused': ':no_entry_sign: {why}',
  'interaction.busy':
    ':hourglass: Warden is very busy right now and did not take this; nothing was changed. Try again in a moment.',
  'interaction.inSeconds': 'in {seconds} s',
  'interaction.inAMinute': 'in a minute',
  'interaction.formNotOpened':
    ':hourglass: Slack is limiting how many forms Warden may open right now, so Warden could not {what}: the form did not open and nothing was changed. Try again {when}. _(ref {ref})_',
  'interaction.commandNotValid': ':warning: Warden could not read this command.',
  'interaction.reminderGone':
    ':information_source: This reminder is no longer current: the snooze or acceptance it was about has changed. The alert shows where the finding stands.',
  'interaction.notYours': 'Only whoever made it, or someone who may change it, can decide this.',
  'interaction.noRequest': ':no_entry_sign: This approval request does not exist.',
  'interaction.nonePicked': 'Pick at least one finding on this page first.',
  'delivery.cardBeingPosted':
    ':hourglass_flowing_sand: A card of {finding} is being posted in this channel right now; it will appear in a moment.',
  'delivery.restartedBeforeForm':
    ':arrows_counterclockwise: Warden restarted before it could {what}, so the form did not open. Please try again.',
  'events.more': "{count} more of this change's findings",
  'events.moreWhere': "{count} more of this change's findings: {state}",
  'events.restarted':
    'After a restart, the {action} interrupted had reached {count, plural, one {{count} finding} other {{count} findings}}',
  'events.restartedWhere':
    'After a restart, the {action} interrupted had reached {count, plural, one {{count} finding} other {{count} findings}}: {state}',
  'info.loading': ':hourglass_flowing_sand: Loading finding {finding}…',
  'info.close': 'Close',
  'refusal.unknownCard':
    'This button does not belong to a current Warden alert for that finding, so nothing was done. Use the latest alert, or {command}.',
  'refusal.cannotCheck':
    'Warden could not check your permissions just now (Slack did not answer). Try again in a moment.',
  'refusal.otherWorkspace':
    'Warden acts only for people of its own workspace, not for guests from other organisations.',
  'refusal.deactivated': 'Warden does not act for a deactivated Slack account.',
  'refusal.noFourEyes': 'Four-eyes approval is not configured any more.',
  'refusal.guestApprover': 'Guests and bots cannot approve risk acceptances.',
  'refusal.notApprover': 'Only members of <!subteam^{group}> may decide on risk acceptances.',
  'refusal.noRequest': 'This approval request does not exist.',
  'refusal.decided': 'This request was already {status}.',
  'refusal.expired': 'This request has expired; the requester can ask again.',
  'refusal.ownRequest': 'You asked for this acceptance: someone else must approve or deny it (four-eyes).',
} as const;

export const cardInteraction: Namespace<typeof en> = {
  en,
  de: {
    'interaction.notValid':
      ':warning: Diese Schaltfläche ist ungültig (sie wurde möglicherweise verändert oder ist zu alt); es wurde nichts getan.',
    'interaction.formNotValid':
      ':warning: Dieses Formular konnte nicht gelesen werden (es wurde möglicherweise verändert oder ist zu alt). Es wurde nichts geändert; öffnen Sie es erneut aus der Meldung.',
    'interaction.viewNotValid':
      ':warning: Dieses Fenster konnte nicht geprüft werden (es wurde möglicherweise verändert oder vor einem Update von Warden geöffnet); es wurde nichts getan. Schließen Sie es und öffnen Sie es erneut.',
    'interaction.shortcutNotValid':
      ':warning: Warden kennt diesen Shortcut nicht (er wurde möglicherweise verändert oder stammt aus einer älteren Version der App); es wurde nichts getan.',
    'interaction.refused': ':no_entry_sign: {why}',
    'interaction.busy':
      ':hourglass: Warden ist gerade sehr ausgelastet und hat dies nicht angenommen; es wurde nichts geändert. Versuchen Sie es gleich noch einmal.',
    'interaction.inSeconds': 'in {seconds} s',
    'interaction.inAMinute': 'in einer Minute',
    'interaction.formNotOpened':
      ':hourglass: Slack begrenzt gerade, wie viele Formulare Warden öffnen darf; daher war es nicht möglich, {what}: Das Formular wurde nicht geöffnet und es wurde nichts geändert. Versuchen Sie es {when} erneut. _(Ref. {ref})_',
    'interaction.commandNotValid': ':warning: Warden konnte diesen Befehl nicht lesen.',
    'interaction.reminderGone':
      ':information_source: Diese Erinnerung ist nicht mehr aktuell: Die Zurückstellung oder Risikoakzeptanz, um die es ging, hat sich geändert. Die Meldung zeigt den aktuellen Stand des Findings.',
    'interaction.notYours': 'Nur wer es veranlasst hat oder wer es ändern darf, kann darüber entscheiden.',
    'interaction.noRequest': ':no_entry_sign: Diese Genehmigungsanfrage existiert nicht.',
    'interaction.nonePicked': 'Wählen Sie zuerst mindestens ein Finding auf dieser Seite aus.',
    'delivery.cardBeingPosted':
      ':hourglass_flowing_sand: Eine Karte zu {finding} wird gerade in diesem Channel gepostet; sie erscheint gleich.',
    'delivery.restartedBeforeForm':
      ':arrows_counterclockwise: Warden wurde neu gestartet, bevor es möglich war, {what}; das Formular wurde nicht geöffnet. Bitte versuchen Sie es erneut.',
    'events.more': '{count} weitere Findings dieser Änderung',
    'events.moreWhere': '{count} weitere Findings dieser Änderung: {state}',
    'events.restarted':
      'Nach einem Neustart hatte die unterbrochene Aktion „{action}“ {count, plural, one {{count} Finding} other {{count} Findings}} erreicht',
    'events.restartedWhere':
      'Nach einem Neustart hatte die unterbrochene Aktion „{action}“ {count, plural, one {{count} Finding} other {{count} Findings}} erreicht: {state}',
    'info.loading': ':hourglass_flowing_sand: Finding {finding} wird geladen…',
    'info.close': 'Schließen',
    'refusal.unknownCard':
      'Diese Schaltfläche gehört zu keiner aktuellen Warden-Meldung für dieses Finding; es wurde nichts getan. Verwenden Sie die neueste Meldung oder {command}.',
    'refusal.cannotCheck':
      'Warden konnte Ihre Berechtigungen gerade nicht prüfen (Slack hat nicht geantwortet). Versuchen Sie es gleich noch einmal.',
    'refusal.otherWorkspace':
      'Warden handelt nur für Personen des eigenen Workspace, nicht für Gäste aus anderen Organisationen.',
    'refusal.deactivated': 'Warden handelt nicht für ein deaktiviertes Slack-Konto.',
    'refusal.noFourEyes': 'Das Vier-Augen-Prinzip ist nicht mehr konfiguriert.',
    'refusal.guestApprover': 'Gäste und Bots können keine Risikoakzeptanzen genehmigen.',
    'refusal.notApprover': 'Nur Mitglieder von <!subteam^{group}> dürfen über Risikoakzeptanzen entscheiden.',
    'refusal.noRequest': 'Diese Genehmigungsanfrage existiert nicht.',
    'refusal.decided': 'Über diese Anfrage wurde bereits entschieden ({status}).',
    'refusal.expired': 'Diese Anfrage ist abgelaufen; die anfragende Person kann erneut fragen.',
    'refusal.ownRequest':
      'Sie haben diese Risikoakzeptanz selbst beantragt: Jemand anderes muss sie genehmigen oder ablehnen (Vier-Augen-Prinzip).',
  },
  ja: {
    'interaction.notValid':
      ':warning: このボタンは無効です（改変されたか、古すぎる可能性があります）。何も実行されませんでした。',
    'interaction.formNotValid':
      ':warning: このフォームを読み取れませんでした（改変されたか、古すぎる可能性があります）。何も変更されていません。アラートからもう一度開いてください。',
    'interaction.viewNotValid':
      ':warning: このウィンドウを確認できませんでした（改変されたか、Warden の更新前に開かれた可能性があります）。何も実行されませんでした。閉じてから、もう一度開いてください。',
    'interaction.shortcutNotValid':
      ':warning: Warden はこのショートカットを認識できません（改変されたか、古いバージョンのアプリのものである可能性があります）。何も実行されませんでした。',
    'interaction.refused': ':no_entry_sign: {why}',
    'interaction.busy':
      ':hourglass: Warden は現在非常に混み合っているため、受け付けませんでした。何も変更されていません。少し待ってからもう一度お試しください。',
    'interaction.inSeconds': '{seconds} 秒後に',
    'interaction.inAMinute': '1 分後に',
    'interaction.formNotOpened':
      ':hourglass: Slack が現在 Warden が開けるフォームの数を制限しているため、{what}できませんでした。フォームは開かれず、何も変更されていません。{when}もう一度お試しください。_(参照 {ref})_',
    'interaction.commandNotValid': ':warning: Warden はこのコマンドを読み取れませんでした。',
    'interaction.reminderGone':
      ':information_source: このリマインダーはもう最新ではありません。対象のスヌーズまたはリスク受容が変更されました。検出結果の現在の状況はアラートに表示されています。',
    'interaction.notYours': 'これを決められるのは、作成した人か、変更する権限のある人だけです。',
    'interaction.noRequest': ':no_entry_sign: この承認依頼は存在しません。',
    'interaction.nonePicked': 'まず、このページで検出結果を 1 件以上選択してください。',
    'delivery.cardBeingPosted':
      ':hourglass_flowing_sand: {finding} のカードをこのチャンネルに投稿中です。まもなく表示されます。',
    'delivery.restartedBeforeForm':
      ':arrows_counterclockwise: {what}する前に Warden が再起動したため、フォームは開かれませんでした。もう一度お試しください。',
    'events.more': 'この変更の検出結果ほか {count} 件',
    'events.moreWhere': 'この変更の検出結果ほか {count} 件: {state}',
    'events.restarted':
      '再起動の後、中断された「{action}」は {count, plural, other {{count} 件の検出結果}} に適用済みでした',
    'events.restartedWhere':
      '再起動の後、中断された「{action}」は {count, plural, other {{count} 件の検出結果}} に適用済みでした: {state}',
    'info.loading': ':hourglass_flowing_sand: 検出結果 {finding} を読み込んでいます…',
    'info.close': '閉じる',
    'refusal.unknownCard':
      'このボタンは、その検出結果の現在の Warden アラートのものではないため、何も実行されませんでした。最新のアラートか {command} を使用してください。',
    'refusal.cannotCheck':
      'Warden は現在あなたの権限を確認できませんでした（Slack が応答しませんでした）。少し待ってからもう一度お試しください。',
    'refusal.otherWorkspace':
      'Warden は自身のワークスペースのメンバーのためにのみ動作し、他の組織のゲストのためには動作しません。',
    'refusal.deactivated': 'Warden は無効化された Slack アカウントのためには動作しません。',
    'refusal.noFourEyes': '二者承認はもう設定されていません。',
    'refusal.guestApprover': 'ゲストとボットはリスク受容を承認できません。',
    'refusal.notApprover': 'リスク受容を判断できるのは <!subteam^{group}> のメンバーだけです。',
    'refusal.noRequest': 'この承認依頼は存在しません。',
    'refusal.decided': 'この依頼はすでに判断済みです（{status}）。',
    'refusal.expired': 'この依頼は期限切れです。依頼者はもう一度依頼できます。',
    'refusal.ownRequest':
      'このリスク受容はあなたが依頼したものです。別の人が承認または却下する必要があります（二者承認）。',
  },
};
