import { code } from './mrkdwn.js';

/**
 * What delivery says to people (issue 36): cards claimed while posted, actions a restart
 * interrupted. Functions returning strings, so the words live in one place.
 */

/** `show` while another post of the same card (another show, an alert) is still going. */
export const cardBeingPosted = (findingId: string): string =>
  `:hourglass_flowing_sand: A card of ${code(findingId)} is being posted in this channel right now; it will appear in a moment.`;
