import type { Answer } from '../domain/attest.js';
import { t } from '../i18n/speak.js';

/**
 * What attestation says to people: the question by finding type, in the asked person's words,
 * and the answers' labels. Plain text (escaped where they are shown). The words are in
 * i18n/catalog/people/attest.ts; functions, not constants, so each is said in the scope's language.
 */

export const answerLabel = (answer: Answer): string => t(`attest.answer.${answer}`);

/** The question for a finding type: what happened, asked of the person it is about. */
export function questionFor(type: string): string {
  switch (type) {
    case 'decoyCredentialUsed':
    case 'decoyPubliclyExposed':
    case 'credentialPubliclyExposed':
    case 'similarUsernameMatch':
    case 'unusedSecret':
    case 'credentialExpiring':
      return t(`attest.q.${type}`);
    case 'serviceAccountUnowned':
    case 'nhiUnowned':
      return t('attest.q.unowned');
    default:
      return t('attest.q.other');
  }
}

/** Why Warden asks this person, for the question's context line. */
export function whyYou(who: string): string {
  if (who === 'matchedIdentity') return t('attest.why.matchedIdentity');
  if (who === 'proposedOwner') return t('attest.why.proposedOwner');
  return t('attest.why.owner');
}

export const askGone = (): string => t('attest.gone');
export const notAsked = (): string => t('attest.notAsked');
export const alreadyAnswered = (answer: string, by: string) => t('attest.alreadyAnswered', { answer, by });
