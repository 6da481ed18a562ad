import { randomBytes } from 'node:crypto';
import type { ModalView } from '@slack/types';
import { renderAttachForm } from '../../blockkit/forms/shortcut-forms.js';
import {
  alreadyAttached,
  type NotePlaces,
  notAMessage,
  noteAttached,
  noteComment,
  noteReply,
} from '../../blockkit/shortcut-words.js';
import type { Ports } from '../../ports/index.js';
import type { Audience } from '../../ports/slack.js';
import { recordAudit } from '../shared/record-audit.js';

/**
 * *Attach to finding…* (message shortcut): the message's words and permalink become a note on
 * the finding, kept by Warden (offered as closure evidence in Resolve and Suppress), in the
 * finding's card thread, in Warden's audit log and, where the finding has a remediation task, as
 * a comment on it (the tenant takes no comment on a finding itself: api-facts.md). The route
 * checked the finding exists and the person's permission before this runs.
 */
export type AttachPorts = Pick<
  Ports,
  | 'findings'
  | 'notes'
  | 'cards'
  | 'chat'
  | 'history'
  | 'privately'
  | 'audit'
  | 'settings'
  | 'clock'
  | 'logger'
>;

export interface MessageFormInput {
  message: { channel: string; ts: string; text: string } | undefined;
  viewId?: string | undefined;
  audience: Audience;
}

/** A message shortcut's form, in the loading modal the runner opened; told privately if Slack sent no message. */
export async function openMessageForm(
  p: Pick<Ports, 'views' | 'privately'>,
  s: MessageFormInput,
  render: (m: { channel: string; ts: string; text: string }) => ModalView,
): Promise<void> {
  if (!s.message || !s.viewId) return void (await p.privately.tell(s.audience, notAMessage()));
  await p.views.update(s.viewId, render(s.message));
}

/** Attach to finding…'s form. */
export const openAttachForm = (p: Pick<Ports, 'views' | 'privately'>, s: MessageFormInput): Promise<void> =>
  openMessageForm(p, s, renderAttachForm);

export interface AttachInput {
  findingId: string;
  message: { channel: string; ts: string; text: string; cut: boolean };
  userId: string;
  audience: Audience;
  ref: string;
}

export async function attachNote(p: AttachPorts, a: AttachInput): Promise<void> {
  const log = p.logger.child({ ref: a.ref, findingId: a.findingId, user: a.userId });
  const finding = await p.findings.get(a.findingId);
  const { channel, ts, text, cut } = a.message;
  // Without its link the note still holds the words; the link is a courtesy, not the evidence.
  const permalink = await p.history.permalink(channel, ts).catch((error: unknown) => {
    log.warn({ err: error }, 'chat.getPermalink failed; the note is kept without its link');
    return undefined;
  });
  const id = `note_${randomBytes(9).toString('hex')}`;
  const note = {
    id,
    findingId: finding.id,
    userId: a.userId,
    text,
    truncated: cut,
    permalink,
    channel,
    messageTs: ts,
  };
  if (!(await p.notes.addNote({ ...note, createdAt: p.clock() }))) {
    await p.privately.tell(a.audience, alreadyAttached(finding.id));
    return;
  }
  await recordAudit(p, {
    userId: a.userId,
    action: 'note.attach',
    channel,
    findingId: finding.id,
    params: {
      ref: a.ref,
      note: id,
      messageTs: ts,
      truncated: cut,
      permalink: permalink ?? null,
      length: text.length,
    },
    outcome: 'ok',
  });
  const where: NotePlaces = { thread: undefined, task: undefined };
  const [card] = await p.cards.messagesFor(finding.id).catch(() => []);
  if (card) {
    const posted = await p.chat
      .post({ channel: card.channel, threadTs: card.ts, text: noteReply(a.userId, permalink, text, cut) })
      .then(() => true)
      .catch((error: unknown) => void log.warn({ err: error }, 'the note could not be told in the thread'));
    if (posted) where.thread = card.channel;
  }
  if (finding.taskId) {
    const commented = await p.findings
      .comment(finding.taskId, noteComment(a.userId, permalink, text, cut))
      .then(() => true)
      .catch((error: unknown) => void log.warn({ err: error }, 'the note could not be written on the task'));
    if (commented) where.task = finding.taskId;
  }
  log.info({ note: id, truncated: cut }, 'note attached to finding');
  await p.privately.tell(a.audience, noteAttached(finding.id, where));
}
