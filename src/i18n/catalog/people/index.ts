import { activity } from './activity.js';
import { attest } from './attest.js';
import { digest } from './digest.js';
import { ends } from './ends.js';
import { historyEvents } from './history-events.js';
import { home } from './home.js';
import { links } from './links.js';
import { ownerDm } from './owner-dm.js';
import { review } from './review.js';

/**
 * The namespaces of the people surfaces (see ../index.ts): one file per surface's words, listed here
 * in a tuple so their keys stay typed.
 */
export const PEOPLE = [activity, home, ends, digest, attest, review, historyEvents, links, ownerDm] as const;
