import type { Namespace } from '../types.js';

/** domain/command.ts: what `/warden help` and a mistyped command say each subcommand does. */
const en = {
  'command.help': 'this list',
  'command.show': "post the finding's alert here",
  'command.snooze': 'e.g. `{command} snooze FND_1 7d waiting on vendor`',
  'command.suppress': 'permanent until reopened',
  'command.acceptRisk': 'without the rest, opens a form',
  'command.unsuppress': 'the same as reopen (deprecated by the tenant)',
  'command.campaign': "a campaign's scope and selected entitlements",
  'command.approvals': 'risk acceptances waiting for an approver',
  'command.createTask': "create the finding's remediation task in the tenant",
  'command.history': 'what happened to the finding, in Slack and in the tenant',
  'command.link': 'decide your access reviews here, recorded by the tenant as yours',
  'command.unlink': 'delete the personal credential Warden keeps for your reviews',
  'command.contain': "take access away (revoke, offboarding) through the tenant's tasks",
  'command.report': 'the SLA report of the last 7 (or 1–90) days, sent to you alone',
  'command.times':
    'Times: `7d`, `2w`, `36h`, `P7D`, `2026-12-01` or `2026-12-01 09:00` (your Slack time zone).',
} as const;

export const command: Namespace<typeof en> = {
  en,
  de: {
    'command.help': 'diese Liste',
    'command.show': 'die Meldung des Findings hier posten',
    'command.snooze': 'z. B. `{command} snooze FND_1 7d warten auf den Hersteller`',
    'command.suppress': 'dauerhaft, bis es wieder geöffnet wird',
    'command.acceptRisk': 'ohne weitere Angaben öffnet sich ein Formular',
    'command.unsuppress': 'dasselbe wie reopen (vom Tenant als veraltet markiert)',
    'command.campaign': 'Umfang und ausgewählte Berechtigungen einer Kampagne',
    'command.approvals': 'Risikoakzeptanzen, die auf eine Genehmigung warten',
    'command.createTask': 'die Behebungsaufgabe des Findings im Tenant erstellen',
    'command.history': 'was mit dem Finding geschah, in Slack und im Tenant',
    'command.link': 'Ihre Zugriffsprüfungen hier entscheiden, vom Tenant als Ihre erfasst',
    'command.unlink': 'die persönlichen Zugangsdaten löschen, die Warden für Ihre Prüfungen aufbewahrt',
    'command.contain': 'Zugriff entziehen (Entziehen, Offboarding) über die Aufgaben des Tenants',
    'command.report': 'der SLA-Bericht der letzten 7 (oder 1–90) Tage, nur an Sie',
    'command.times':
      'Zeitangaben: `7d`, `2w`, `36h`, `P7D`, `2026-12-01` oder `2026-12-01 09:00` (Ihre Slack-Zeitzone).',
  },
  ja: {
    'command.help': 'この一覧',
    'command.show': '検出結果のアラートをここに投稿します',
    'command.snooze': '例: `{command} snooze FND_1 7d ベンダーの回答待ち`',
    'command.suppress': '再オープンされるまで恒久的に抑制します',
    'command.acceptRisk': '残りを省略するとフォームが開きます',
    'command.unsuppress': 'reopen と同じです（テナントでは非推奨）',
    'command.campaign': 'キャンペーンの範囲と選択された権限',
    'command.approvals': '承認者を待っているリスク受容',
    'command.createTask': '検出結果の修復タスクをテナントに作成します',
    'command.history': 'Slack とテナントで検出結果に起きたこと',
    'command.link': 'アクセスレビューをここで判断します（テナントにはあなたの判断として記録されます）',
    'command.unlink': 'Warden がレビュー用に保持している個人の認証情報を削除します',
    'command.contain': 'テナントのタスクでアクセスを取り除きます（取り消し、オフボーディング）',
    'command.report': '過去 7 日間（または 1〜90 日間）の SLA レポートをあなただけに送ります',
    'command.times':
      '時刻の指定: `7d`、`2w`、`36h`、`P7D`、`2026-12-01`、`2026-12-01 09:00`（Slack のタイムゾーン）。',
  },
};
