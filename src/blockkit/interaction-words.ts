/**
 * What the interaction runner tells a person, in one wording each whatever the surface
 * (listeners/runner.ts): a button or form it cannot read, a refusal, a failure.
 */

/** A button, menu or link whose value Warden did not write (forged, or from an old version). */
export const NOT_VALID =
  ':warning: This button is not valid (it may have been altered or is too old); nothing was done.';

/** A form whose metadata cannot be read: it is replaced by this, nothing is sent. */
export const FORM_NOT_VALID =
  ':warning: This form could not be read (it may have been altered or is too old). Nothing was changed; open it again from the alert.';

/** A refusal: the reason comes from authorization (usecases/authorize.ts). */
export const refused = (why: string): string => `:no_entry_sign: ${why}`;

/** Under overload: in the ack itself, no further work. */
export const BUSY =
  ':hourglass: Warden is very busy right now and did not take this; nothing was changed. Try again in a moment.';
