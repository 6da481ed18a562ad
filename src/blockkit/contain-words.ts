import type { ContainAction } from '../domain/contain.js';
import type { TaskStatus } from '../domain/task-status.js';
import { t } from '../i18n/speak.js';
import type { ContainWords } from '../ports/contain.js';
import { code, mention, safeMrkdwn } from './mrkdwn.js';
import { verifiedMark } from './step-up-words.js';

/**
 * Everything people read about containment, in one place; the words are in
 * i18n/catalog/work/contain-*.ts, in the language of the caller's scope. Names come from the tenant
 * (escaped here); ids only where the tenant gave no name. The objects' words are getters, read
 * when used (a constant would be English for good, evaluated once at import).
 */

const named = (name: string | undefined, id: string | null | undefined) =>
  name ? `*${safeMrkdwn(name, 120)}*` : id ? code(id, 80) : t('contain.unnamed');

export interface Taken {
  action: ContainAction;
  words: ContainWords;
  appId?: string | null | undefined;
  entitlementId?: string | null | undefined;
  appUserId?: string | null | undefined;
  subjectId?: string | null | undefined;
}

/** The person, as a mention when Slack knows them, with the tenant's name. */
function person(x: Taken): string {
  const name = named(x.words.person, x.subjectId);
  return x.words.personSlackId ? `${name} (${mention(x.words.personSlackId)})` : name;
}

/** What is taken away, from whom, where: "*Organization admin* in *GitHub* from the account *deploy-bot*". */
export function takenAway(x: Taken): string {
  if (x.action === 'revoke')
    return t('contain.takenRevoke', {
      entitlement: named(x.words.entitlement, x.entitlementId),
      app: named(x.words.app, x.appId),
      account: named(x.words.account, x.appUserId),
    });
  return t('contain.takenOffboard', { person: person(x) });
}

/** The verb phrase: "revoke …" / "start offboarding …". */
export function containVerb(x: Taken): string {
  return x.action === 'revoke'
    ? t('contain.verbRevoke', { taken: takenAway(x) })
    : t('contain.verbOffboard', { person: person(x) });
}

export const containWords = {
  get title() {
    return t('contain.title');
  },
  get submit() {
    return t('contain.submit');
  },
  get whatLabel() {
    return t('contain.whatLabel');
  },
  get reasonLabel() {
    return t('contain.reasonLabel');
  },
  get reasonHint() {
    return t('contain.reasonHint');
  },
  intro: (findingTitle: string, findingId: string) =>
    t('contain.intro', { title: safeMrkdwn(findingTitle, 150), finding: code(findingId, 80) }),
  safety: (stepUp: boolean, fourEyes: boolean, approvers: string | undefined) =>
    [
      stepUp ? t('contain.stepUpFirst') : '',
      fourEyes && approvers ? t('contain.fourEyes', { approvers }) : '',
    ]
      .filter(Boolean)
      .join(' '),
  get attemptsInThread() {
    return t('contain.attemptsInThread');
  },
  get attemptsHidden() {
    return t('contain.attemptsHidden');
  },
  get reasonTooShort() {
    return t('contain.reasonTooShort');
  },
  get reasonTooLong() {
    return t('contain.reasonTooLong');
  },
  get pickOne() {
    return t('contain.pickOne');
  },
} as const;

/** Why Contain… offers nothing for a finding (told in the modal). */
export const containRefusal = {
  notConfigured: (type: string) => t('contain.notConfigured', { type: safeMrkdwn(type, 80) }),
  get noTarget() {
    return t('contain.noTarget');
  },
  nothingHeld: (account: string) => t('contain.nothingHeld', { account }),
  get noPerson() {
    return t('contain.noPerson');
  },
  targetChanged: (findingId: string) => t('contain.targetChanged', { finding: code(findingId, 80) }),
  get noLongerHeld() {
    return t('contain.noLongerHeld');
  },
  get alreadyAsked() {
    return t('contain.alreadyAsked');
  },
  get inFlight() {
    return t('contain.inFlight');
  },
  get ownRequest() {
    return t('contain.ownRequest');
  },
  notApprover: (group: string) => t('contain.notApprover', { group }),
  get noApprovers() {
    return t('contain.noApprovers');
  },
  decided: (by: string | null, status: string) =>
    by
      ? t('contain.decidedBy', { by: mention(by), status: safeMrkdwn(status, 40) })
      : t('contain.decided', { status: safeMrkdwn(status, 40) }),
  get gone() {
    return t('contain.gone');
  },
  get expired() {
    return t('contain.expired');
  },
} as const;

const STATUS_KEYS = {
  approval: 'contain.status.approval',
  provisioning: 'contain.status.provisioning',
  waiting: 'contain.status.waiting',
  done: 'contain.status.done',
  denied: 'contain.status.denied',
  error: 'contain.status.error',
  cancelled: 'contain.status.cancelled',
  closed: 'contain.status.closed',
} as const satisfies Record<TaskStatus, string>;
export const taskStatusWords = (s: TaskStatus): string => t(STATUS_KEYS[s]);

const ICON: Record<TaskStatus, string> = {
  approval: ':hourglass_flowing_sand:',
  provisioning: ':gear:',
  waiting: ':hourglass_flowing_sand:',
  done: ':white_check_mark:',
  denied: ':x:',
  error: ':warning:',
  cancelled: ':heavy_multiplication_x:',
  closed: ':grey_question:',
};

/** Thread lines: who asked what, who decided, what the tenant did. */
export const containLine = {
  requested: (by: string, x: Taken, reason: string, approvers: string, verifiedAt: number | null) =>
    t('contain.requested', {
      by: mention(by),
      verb: containVerb(x),
      verified: verifiedMark(verifiedAt ?? undefined),
      reason: safeMrkdwn(reason, 1_000),
      approvers,
    }),
  started: (by: string, x: Taken, task: string, approvedBy: string | null, verifiedAt: number | null) => {
    const values = {
      by: mention(by),
      verb: containVerb(x),
      verified: verifiedMark(verifiedAt ?? undefined),
      task: code(task, 80),
    };
    return approvedBy
      ? t('contain.startedApproved', { ...values, approver: mention(approvedBy) })
      : t('contain.started', values);
  },
  denied: (by: string, requester: string) =>
    t('contain.denied', { by: mention(by), requester: mention(requester) }),
  approved: (by: string) => t('contain.approved', { by: mention(by) }),
  refused: (x: Taken, said: string) =>
    t('contain.refused', { verb: containVerb(x), said: safeMrkdwn(said, 300) }),
  failed: (x: Taken, ref: string) => t('contain.failed', { verb: containVerb(x), ref: code(ref, 40) }),
  unknown: (x: Taken, ref: string) => t('contain.unknown', { verb: containVerb(x), ref: code(ref, 40) }),
  notMade: (x: Taken) => t('contain.notMade', { verb: containVerb(x) }),
  task: (task: string, s: TaskStatus) =>
    t('contain.task', { icon: ICON[s], task: code(task, 80), status: taskStatusWords(s) }),
  lost: (task: string) => t('contain.lost', { task: code(task, 80) }),
  stopped: (task: string, s: TaskStatus) =>
    t('contain.stopped', { task: code(task, 80), status: taskStatusWords(s) }),
  expired: (requester: string) => t('contain.expiredLine', { requester: mention(requester) }),
} as const;

/** After *No, not me*: the thread is offered Contain…. */
export const containAfterNo = (line: string) => `${line}\n${t('contain.afterNo')}`;

/** Told privately to the person who asked. */
export const containTold = {
  awaiting: (approvers: string) => t('contain.toldAwaiting', { approvers }),
  started: (task: string) => t('contain.toldStarted', { task: code(task, 80) }),
} as const;

const CARD_STATE = new Map<string, Parameters<typeof t>[0]>(
  Object.entries({
    verifying: 'contain.card.verifying',
    pending: 'contain.card.pending',
    denied: 'contain.card.denied',
    refused: 'contain.card.refused',
    unknown: 'contain.card.sending',
    creating: 'contain.card.sending',
    ready: 'contain.card.sending',
    lost: 'contain.card.lost',
    expired: 'contain.card.expired',
  } as const),
);

/** The card's line: the newest containment and where its task stands. */
export function containCardLine(
  x: Taken & {
    status: string;
    taskLabel: string | null;
    taskStatus: TaskStatus | undefined;
    requesterId: string;
  },
): string {
  const key = CARD_STATE.get(x.status);
  const state =
    x.taskLabel && x.taskStatus
      ? t('contain.card.task', { task: code(x.taskLabel, 80), status: taskStatusWords(x.taskStatus) })
      : key
        ? t(key)
        : safeMrkdwn(x.status, 30);
  return t('contain.card', { verb: containVerb(x), requester: mention(x.requesterId), state });
}
