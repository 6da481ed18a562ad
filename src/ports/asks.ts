import type { Answer, AskWho } from '../domain/attest.js';

/**
 * Attestation asks (WARDEN_CONFIG `attest`), kept in the store: who was asked about which
 * finding, what, where the question is, and the answer. One ask per finding; an answer is taken
 * once (the first click wins on any replica); only the asked person may give it.
 */
export interface Ask {
  id: string;
  findingId: string;
  /** The finding type member asked about (`decoyCredentialUsed`). */
  findingType: string;
  who: AskWho;
  /** The tenant identity user asked, when the finding names one. */
  identityUserId: string | null;
  /** The Slack person asked; null when they cannot be reached (the route's channel is asked instead). */
  slackUserId: string | null;
  /** Why the person could not be asked (a code, for the log and the card). */
  unreachable: string | null;
  /** The channel of the finding's card (the route's), and that card. */
  channel: string;
  cardTs: string | null;
  /** The question message (the person's DM, else the channel). */
  questionChannel: string | null;
  questionTs: string | null;
  answer: Answer | null;
  note: string | null;
  answeredBy: string | null;
  answeredAt: number | null;
  escalatedAt: number | null;
  createdAt: number;
}

export type NewAsk = Pick<
  Ask,
  | 'findingId'
  | 'findingType'
  | 'who'
  | 'identityUserId'
  | 'slackUserId'
  | 'unreachable'
  | 'channel'
  | 'cardTs'
>;

export interface AskStore {
  /** Stores the finding's ask once; a repeat (another replica, a retried job) returns the first. */
  createAsk(ask: NewAsk, now: number): Promise<Ask>;
  getAsk(id: string): Promise<Ask | undefined>;
  /** Where the question was posted. */
  setAskQuestion(id: string, channel: string, ts: string): Promise<void>;
  /** Takes the answer if the ask has none yet; false when it was answered already. */
  answerAsk(
    id: string,
    a: { answer: Answer; by: string; note: string | null },
    now: number,
  ): Promise<boolean>;
  /** The asked person's note (the last one they wrote). */
  setAskNote(id: string, note: string): Promise<void>;
  /** Marks it escalated if it was not; false when it already was. */
  markAskEscalated(id: string, now: number): Promise<boolean>;
  /** Takes the mark back: its escalation could not be sent, and the job tries again. */
  clearAskEscalated(id: string): Promise<void>;
  /** A person's asks still without an answer, oldest first (Home: waiting for you). */
  openAsksOf(slackUserId: string, limit: number): Promise<Ask[]>;
}
