import { t } from '../i18n/speak.js';
import { doingWords } from './doing-words.js';
import { code } from './mrkdwn.js';

/**
 * What the interaction runner tells a person, in one wording each whatever the surface
 * (listeners/runner.ts): a button or form it cannot read, a refusal, a failure. Functions, not
 * constants: the words are read in the language of the caller's scope (i18n/catalog/card/interaction.ts).
 */

/** A button, menu or link whose value Warden did not write (forged, or from an old version). */
export const notValid = (): string => t('interaction.notValid');

/** A form whose metadata cannot be read: it is replaced by this, nothing is sent. */
export const formNotValid = (): string => t('interaction.formNotValid');

/** A click in a modal (or the Home tab) whose metadata is not what Warden wrote: altered, or opened before an upgrade. */
export const viewNotValid = (): string => t('interaction.viewNotValid');

/** A shortcut Warden does not declare (forged, or from an older manifest). */
export const shortcutNotValid = (): string => t('interaction.shortcutNotValid');

/** A refusal: the reason comes from authorization (usecases/shared/authorize.ts). */
export const refused = (why: string): string => t('interaction.refused', { why });

/** Under overload: in the ack itself, no further work. */
export const busy = (): string => t('interaction.busy');

/**
 * Slack refused to open the modal a click or command needs (views.open or views.push rate
 * limited): its trigger lives 3 s, so it is not tried again later. Nothing was done.
 */
export function formNotOpened(what: string, retryAfterMs: number | undefined, ref: string): string {
  const seconds = retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1_000);
  const when =
    seconds !== undefined && seconds <= 60
      ? t('interaction.inSeconds', { seconds: String(seconds) })
      : t('interaction.inAMinute');
  return t('interaction.formNotOpened', { what: doingWords(what), when, ref: code(ref, 40) });
}

/** A slash command payload Warden cannot read. */
export const commandNotValid = (): string => t('interaction.commandNotValid');

/** A reminder whose snooze or acceptance changed since (Extend… / Let it end). */
export const reminderGone = (): string => t('interaction.reminderGone');
/** Let it end by someone who neither made it nor may change it. */
export const notYours = (): string => t('interaction.notYours');

/** A four-eyes request Warden does not have. */
export const noRequest = (): string => t('interaction.noRequest');

/** A bulk button in Review with nothing ticked. */
export const nonePicked = (): string => t('interaction.nonePicked');

/**
 * Why authorization refused (usecases/shared/authorize.ts); the policy's own reasons are
 * domain/policy.ts. Getters: each is read when a refusal is said, in the scope's language.
 */
export const Refusal = {
  unknownCard: (command: string) =>
    t('refusal.unknownCard', { command: code(`${command} show <finding-id>`) }),
  get cannotCheck() {
    return t('refusal.cannotCheck');
  },
  get otherWorkspace() {
    return t('refusal.otherWorkspace');
  },
  get deactivated() {
    return t('refusal.deactivated');
  },
  get noFourEyes() {
    return t('refusal.noFourEyes');
  },
  get guestApprover() {
    return t('refusal.guestApprover');
  },
  notApprover: (group: string) => t('refusal.notApprover', { group }),
  get noRequest() {
    return t('refusal.noRequest');
  },
  decided: (status: string) => t('refusal.decided', { status }),
  get expired() {
    return t('refusal.expired');
  },
  get ownRequest() {
    return t('refusal.ownRequest');
  },
} as const;
