import { t } from '../i18n/speak.js';
import { doingWords } from './doing-words.js';
import { code } from './mrkdwn.js';

/**
 * What delivery says to people (issue 36): cards claimed while posted, actions a restart
 * interrupted. Functions returning strings, so the words live in one place
 * (i18n/catalog/card/interaction.ts) and are read in the scope's language.
 */

/** `show` while another post of the same card (another show, an alert) is still going. */
export const cardBeingPosted = (findingId: string): string =>
  t('delivery.cardBeingPosted', { finding: code(findingId) });

/** A click or command that opens a form, acknowledged by a process that stopped before opening it. */
export const restartedBeforeForm = (what: string): string =>
  t('delivery.restartedBeforeForm', { what: doingWords(what) });
