/** Types of emoji.js (plain browser JavaScript), for its tests. */
export const EMOJI: Record<string, string>;
