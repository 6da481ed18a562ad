/**
 * The namespaces of the work surfaces (see ../index.ts): one file per surface's words, listed here
 * in a tuple so their keys stay typed.
 */
export const WORK = [] as const;
