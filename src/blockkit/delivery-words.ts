import { code } from './mrkdwn.js';

/**
 * What delivery says to people (issue 36): cards claimed while posted, actions a restart
 * interrupted. Functions returning strings, so the words live in one place.
 */

/** `show` while another post of the same card (another show, an alert) is still going. */
export const cardBeingPosted = (findingId: string): string =>
  `:hourglass_flowing_sand: A card of ${code(findingId)} is being posted in this channel right now; it will appear in a moment.`;

/** A click or command that opens a form, acknowledged by a process that stopped before opening it. */
export const restartedBeforeForm = (what: string): string =>
  `:arrows_counterclockwise: Warden restarted before it could ${what}, so the form did not open. Please try again.`;
