import type { ContainAction } from '../domain/contain.js';
import type { TaskStatus } from '../domain/task-status.js';
import type { ContainWords } from '../ports/contain.js';
import { code, mention, safeMrkdwn } from './mrkdwn.js';
import { verifiedMark } from './step-up-words.js';

/**
 * Everything people read about containment, in one place (a later catalogue translates it). Names
 * come from the tenant (escaped here); ids only where the tenant gave no name.
 */

const named = (name: string | undefined, id: string | null | undefined) =>
  name ? `*${safeMrkdwn(name, 120)}*` : id ? code(id, 80) : '_unnamed_';

export interface Taken {
  action: ContainAction;
  words: ContainWords;
  appId?: string | null | undefined;
  entitlementId?: string | null | undefined;
  appUserId?: string | null | undefined;
  subjectId?: string | null | undefined;
}

/** The person, as a mention when Slack knows them, with the tenant's name. */
function person(t: Taken): string {
  const name = named(t.words.person, t.subjectId);
  return t.words.personSlackId ? `${name} (${mention(t.words.personSlackId)})` : name;
}

/** What is taken away, from whom, where: "*Organization admin* in *GitHub* from the account *deploy-bot*". */
export function takenAway(t: Taken): string {
  if (t.action === 'revoke')
    return `${named(t.words.entitlement, t.entitlementId)} in ${named(t.words.app, t.appId)} from the account ${named(t.words.account, t.appUserId)}`;
  return `every access of ${person(t)}, through the tenant's offboarding`;
}

/** The verb phrase: "revoke …" / "start offboarding …". */
export function containVerb(t: Taken): string {
  return t.action === 'revoke' ? `revoke ${takenAway(t)}` : `start offboarding ${person(t)}`;
}

export const containWords = {
  title: 'Contain finding',
  submit: 'Ask to contain',
  whatLabel: 'What to take away',
  reasonLabel: 'Why',
  reasonHint: 'Goes to the tenant with the task, to the thread and to the audit log.',
  intro: (findingTitle: string, findingId: string) =>
    `Take access away for ${safeMrkdwn(findingTitle, 150)} (${code(findingId, 80)}) through the tenant's own tasks. Nothing is sent until you ask.`,
  safety: (stepUp: boolean, fourEyes: boolean, approvers: string | undefined) =>
    [
      stepUp ? 'You will be asked to sign in again (step-up) first.' : '',
      fourEyes && approvers
        ? `An approver of <!subteam^${approvers}> other than you must then approve it.`
        : '',
    ]
      .filter(Boolean)
      .join(' '),
  attemptsInThread: 'The uses of the decoy the tenant recorded are in the alert’s thread.',
  attemptsHidden:
    'The uses of the decoy are not shown: the alert is in a channel shared with another organisation.',
  reasonTooShort: 'Say why in at least 10 characters.',
  reasonTooLong: 'Keep it under 2,000 characters.',
  pickOne: 'Pick what to take away.',
} as const;

/** Why Contain… offers nothing for a finding (told in the modal). */
export const containRefusal = {
  notConfigured: (type: string) =>
    `:information_source: Contain is not set up for ${safeMrkdwn(type, 80)} findings (WARDEN_CONFIG \`contain\`).`,
  noTarget:
    ':information_source: This finding names no account and no person to take access from, so there is nothing to contain. Warden never guesses one.',
  nothingHeld: (account: string) =>
    `:information_source: The tenant lists nothing that the account ${account} holds and no person it belongs to: there is nothing to take away.`,
  noPerson:
    ':information_source: The tenant knows no person this finding names, and it names no account: there is nothing to take away.',
  targetChanged: (findingId: string) =>
    `:no_entry: Finding ${code(findingId, 80)} names someone else now than when the form opened: nothing was sent. Open Contain… again to see what it names now.`,
  noLongerHeld:
    ':no_entry: The account no longer holds that access in the tenant: nothing was sent. Open Contain… again to see what it holds now.',
  alreadyAsked:
    ':information_source: This containment was already asked for (the form was sent twice): nothing more was sent.',
  inFlight: ':hourglass: This containment is already being sent to the tenant: nothing more was sent.',
  ownRequest:
    ':no_entry: You asked for this containment yourself: another approver must decide it (four-eyes).',
  notApprover: (group: string) =>
    `:no_entry: Only a member of <!subteam^${group}> may decide containments, and not the person who asked.`,
  noApprovers: ':no_entry: Four-eyes is on for this containment but no approvers group is configured.',
  decided: (by: string | null, status: string) =>
    `:information_source: This containment was already decided${by ? ` by ${mention(by)}` : ''} (${safeMrkdwn(status, 40)}): nothing more was done.`,
  gone: ':mag: Warden has no such containment (it may have been removed).',
  expired:
    ':hourglass: This containment expired without a decision: nothing was sent. Ask again if it is still needed.',
} as const;

const STATUS_WORDS: Record<TaskStatus, string> = {
  approval: 'waiting for an approval in the tenant',
  provisioning: 'being carried out (provisioning)',
  waiting: 'waiting in the tenant',
  done: 'done: the access is taken away',
  denied: 'denied in the tenant: nothing was taken away',
  error: 'failed in the tenant: nothing was taken away',
  cancelled: 'cancelled in the tenant',
  closed: 'closed in the tenant without an outcome Warden knows',
};
export const taskStatusWords = (s: TaskStatus): string => STATUS_WORDS[s];

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
  requested: (by: string, t: Taken, reason: string, approvers: string, verifiedAt: number | null) =>
    `:rotating_light: ${mention(by)} asks to ${containVerb(t)}${verifiedMark(verifiedAt ?? undefined)}.\n>${safeMrkdwn(reason, 1_000)}\nNeeds an approver of <!subteam^${approvers}> other than them.`,
  started: (by: string, t: Taken, task: string, approvedBy: string | null, verifiedAt: number | null) =>
    `:rotating_light: ${mention(by)} started to ${containVerb(t)}${approvedBy ? `, approved by ${mention(approvedBy)}` : ''}${verifiedMark(verifiedAt ?? undefined)}: tenant task ${code(task, 80)}.`,
  denied: (by: string, requester: string) =>
    `:x: ${mention(by)} denied ${mention(requester)}'s containment: nothing is taken away.`,
  approved: (by: string) => `:white_check_mark: Approved by ${mention(by)}.`,
  refused: (t: Taken, said: string) =>
    `:no_entry: The tenant refused to ${containVerb(t)}: “${safeMrkdwn(said, 300)}”. Nothing was taken away.`,
  failed: (t: Taken, ref: string) =>
    `:warning: Warden could not ${containVerb(t)}: the tenant did not answer. Nothing was taken away. _(ref ${code(ref, 40)})_`,
  unknown: (t: Taken, ref: string) =>
    `:grey_question: The tenant failed mid-way while Warden asked it to ${containVerb(t)}. Warden is reading back whether it made the task, and will say so here; it will not ask twice. _(ref ${code(ref, 40)})_`,
  notMade: (t: Taken) =>
    `:warning: The tenant did not make the task to ${containVerb(t)}: nothing was taken away. Ask again if it is still needed.`,
  task: (task: string, s: TaskStatus) => `${ICON[s]} Task ${code(task, 80)}: ${STATUS_WORDS[s]}.`,
  lost: (task: string) =>
    `:grey_question: The tenant no longer knows task ${code(task, 80)}: Warden cannot say whether the access was taken away. Check in the tenant.`,
  stopped: (task: string, s: TaskStatus) =>
    `:zzz: Warden stopped following task ${code(task, 80)} after 7 days; it was ${STATUS_WORDS[s]}. Check in the tenant.`,
  expired: (requester: string) =>
    `:hourglass: ${mention(requester)}'s containment expired without a decision. Ask again if it is still needed.`,
} as const;

/** After *No, not me*: the thread is offered Contain…. */
export const containAfterNo = (line: string) =>
  `${line}\n:rotating_light: Someone else may hold this access: *Contain…* takes it away through the tenant.`;

/** Told privately to the person who asked. */
export const containTold = {
  awaiting: (approvers: string) =>
    `:hourglass_flowing_sand: Your containment waits for an approver of <!subteam^${approvers}>: the request is in the alert's thread.`,
  started: (task: string) =>
    `:white_check_mark: The tenant has the task (${code(task, 80)}); its progress will be in the alert's thread.`,
} as const;

/** The card's line: the newest containment and where its task stands. */
export function containCardLine(
  t: Taken & {
    status: string;
    taskLabel: string | null;
    taskStatus: TaskStatus | undefined;
    requesterId: string;
  },
): string {
  const head = `*Containment:* ${containVerb(t)} (${mention(t.requesterId)})`;
  if (t.taskLabel && t.taskStatus)
    return `${head} — task ${code(t.taskLabel, 80)} ${STATUS_WORDS[t.taskStatus]}`;
  switch (t.status) {
    case 'verifying':
      return `${head} — waiting for their sign-in`;
    case 'pending':
      return `${head} — waiting for an approver`;
    case 'denied':
      return `${head} — denied`;
    case 'refused':
      return `${head} — refused by the tenant`;
    case 'unknown':
    case 'creating':
    case 'ready':
      return `${head} — being sent to the tenant`;
    case 'lost':
      return `${head} — its task is no longer known to the tenant`;
    case 'expired':
      return `${head} — expired without a decision`;
    default:
      return `${head} — ${safeMrkdwn(t.status, 30)}`;
  }
}
