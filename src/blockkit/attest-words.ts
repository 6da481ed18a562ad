import type { Answer } from '../domain/attest.js';

/**
 * What attestation says to people: the question by finding type, in the asked person's words,
 * and the answers' labels. Plain text (escaped where they are shown).
 */

export const ANSWER_LABELS: Record<Answer, string> = {
  yes: 'Yes, this was me',
  no: 'No, not me',
  notOwner: "I don't own this",
  stillNeeded: 'Still needed',
  notNeeded: 'Not needed',
};

/** The question for a finding type: what happened, asked of the person it is about. */
export function questionFor(type: string): string {
  switch (type) {
    case 'decoyCredentialUsed':
      return 'A decoy credential was just used. Decoys are never used by anyone legitimately. Was this you?';
    case 'decoyPubliclyExposed':
      return 'A decoy credential was found in a public place. Did you put it there?';
    case 'credentialPubliclyExposed':
      return 'A credential of yours was found in a public place. Did you publish it, knowingly?';
    case 'similarUsernameMatch':
      return 'An app account looks like yours. Is that account yours?';
    case 'unusedSecret':
      return 'A secret you own has not been used for a long time. Is it still needed?';
    case 'credentialExpiring':
      return 'A credential you own is expiring. Is it still needed?';
    case 'serviceAccountUnowned':
    case 'nhiUnowned':
      return 'This account has no owner, and you are the likely one. Is it still needed?';
    default:
      return 'Warden needs your word on this finding. Was this you?';
  }
}

/** Why Warden asks this person, for the question's context line. */
export function whyYou(who: string): string {
  if (who === 'matchedIdentity') return 'you are the person this account looks like';
  if (who === 'proposedOwner') return 'you are its proposed owner';
  return 'you own it';
}

export const ASK_GONE =
  ':information_source: This question is no longer current: Warden has no record of it.';
export const NOT_ASKED = 'Only the person asked can answer this question.';
export const alreadyAnswered = (answer: string, by: string) =>
  `This was answered already: *${answer}* by ${by}.`;
