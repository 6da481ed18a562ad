/**
 * One card per finding and channel, whoever posts it (a `show`, the delivery worker on any
 * replica, a change posting where the finding had no card): the poster claims the pair in the
 * store first, looks for a card there under the claim, posts only if there is none, records the
 * card, and lets go. A claim carries a lease longer than a post can take (a person's paced wait
 * and Slack's answer), so a process that dies holding one blocks the pair no longer than that.
 */
export interface CardClaims {
  /**
   * Takes (finding, channel) for `holder` until `until`: true when taken (free, its lease ran
   * out, or this holder's own claim tried again), false while someone else holds it.
   */
  claimCard(
    c: { findingId: string; channel: string; holder: string; until: number },
    now: number,
  ): Promise<boolean>;
  /** Lets go of the pair, if `holder` still holds it. */
  releaseCard(findingId: string, channel: string, holder: string): Promise<void>;
}
