/**
 * Notes attached to a finding from a Slack message (the *Attach to finding…* shortcut): the
 * message's words and permalink, kept by Warden so the Resolve and Suppress forms can offer them
 * as closure evidence on any replica.
 */
export interface FindingNote {
  id: string;
  findingId: string;
  /** Who attached it. */
  userId: string;
  /** The message's words, already cut to what Warden keeps (`truncated` says so). */
  text: string;
  truncated: boolean;
  permalink: string | undefined;
  /** Where the message was. */
  channel: string;
  messageTs: string;
  createdAt: number;
}

export interface NoteStore {
  /** False when the same message is already attached to the finding (nothing added). */
  addNote(note: FindingNote): Promise<boolean>;
  /** The finding's notes, newest first, at most `limit`. */
  notesFor(findingId: string, limit: number): Promise<FindingNote[]>;
}
