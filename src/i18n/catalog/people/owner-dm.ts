import type { Namespace } from '../types.js';

/** usecases/owners/owner-dm.ts: why a finding's person cannot be sent a direct message. */
const en = {
  'ownerDm.role.owner': 'The owner',
  'ownerDm.role.asked': 'The person asked',
  'ownerDm.role.manager': 'The manager',
  'ownerDm.who': '{role}, {person} ({tenant})',
  'ownerDm.unavailable': '{who} could not be looked up in Slack just now; try again in a minute.',
  'ownerDm.deactivated': '{who} is deactivated in Slack.',
  'ownerDm.bot': '{who} is a bot.',
  'ownerDm.otherOrg':
    '{who} belongs to another organisation: Warden sends findings only to its own workspace.',
  'ownerDm.guest': '{who} is a guest in this workspace: Warden does not send findings to guests.',
  'ownerDm.cannotDmBot': '{who} is a bot: Warden cannot send it a direct message.',
  'ownerDm.notMember': '{who} is not a member of this workspace any more.',
} as const;

export const ownerDm: Namespace<typeof en> = {
  en,
  de: {
    'ownerDm.role.owner': 'Die verantwortliche Person',
    'ownerDm.role.asked': 'Die gefragte Person',
    'ownerDm.role.manager': 'Die Führungskraft',
    'ownerDm.who': '{role}, {person} ({tenant}),',
    'ownerDm.unavailable':
      '{who} konnte gerade nicht in Slack nachgeschlagen werden; versuchen Sie es in einer Minute erneut.',
    'ownerDm.deactivated': '{who} ist in Slack deaktiviert.',
    'ownerDm.bot': '{who} ist ein Bot.',
    'ownerDm.otherOrg':
      '{who} gehört zu einer anderen Organisation: Warden sendet Findings nur in den eigenen Workspace.',
    'ownerDm.guest': '{who} ist Gast in diesem Workspace: Warden sendet keine Findings an Gäste.',
    'ownerDm.cannotDmBot': '{who} ist ein Bot: Warden kann keine Direktnachricht senden.',
    'ownerDm.notMember': '{who} ist nicht mehr Mitglied dieses Workspaces.',
  },
  ja: {
    'ownerDm.role.owner': '担当者',
    'ownerDm.role.asked': '質問された人',
    'ownerDm.role.manager': '上長',
    'ownerDm.who': '{role} {person}（{tenant}）',
    'ownerDm.unavailable': '{who} を Slack で今は確認できませんでした。1 分後にもう一度お試しください。',
    'ownerDm.deactivated': '{who} は Slack で無効化されています。',
    'ownerDm.bot': '{who} はボットです。',
    'ownerDm.otherOrg':
      '{who} は他の組織に所属しています。Warden は自組織のワークスペースにのみ検出結果を送信します。',
    'ownerDm.guest': '{who} はこのワークスペースのゲストです。Warden はゲストに検出結果を送信しません。',
    'ownerDm.cannotDmBot': '{who} はボットです。Warden はダイレクトメッセージを送信できません。',
    'ownerDm.notMember': '{who} はもうこのワークスペースのメンバーではありません。',
  },
};
