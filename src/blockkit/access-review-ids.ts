/**
 * Access reviews' routing ids (README "Access reviews in Slack"): buttons carry JSON values Warden
 * wrote (re-checked on the way in: listeners/routes/access-reviews.ts), forms their callback ids.
 */
export const AccessReviewId = {
  /** Start linking (Home tab, a link prompt). */
  link: 'reviews.link',
  /** Open a campaign and app's Review modal (value: {c, a}). */
  open: 'reviews.open',
  certify: 'reviews.certify',
  revoke: 'reviews.revoke',
  reassign: 'reviews.reassign',
  comment: 'reviews.comment',
  /** Certify unchanged… (the confirmation). */
  unchanged: 'reviews.unchanged',
  prev: 'reviews.page.prev',
  next: 'reviews.page.next',
  /** The tenant asked for step-up: the person verified, certify now (value: {t, s, c, a}). */
  verified: 'reviews.stepup.verified',
} as const;

export const AccessReviewCallback = {
  modal: 'reviews.modal',
  revoke: 'reviews.form.revoke',
  reassign: 'reviews.form.reassign',
  comment: 'reviews.form.comment',
  unchanged: 'reviews.form.unchanged',
} as const;

export const AccessReviewBlock = {
  words: 'reviews.words',
  user: 'reviews.user',
} as const;
