import { hideEmails } from '../domain/attribution.js';
import { ApiError, InvalidInputError, READ_BACK_AFTER_CHANGE, SlackApiError } from '../errors.js';
import { t } from '../i18n/speak.js';
import { doingWords } from './doing-words.js';
import { enumsInWords } from './finding-details.js';
import { code, safeMrkdwn } from './mrkdwn.js';

/**
 * What went wrong, for the person who asked: short, what happened and what to do next. The
 * detail (request, status, stack) goes to the log under the same `ref`. The words are in
 * i18n/catalog/card/failure.ts.
 */
export function describeFailure(error: unknown, doing: string, ref: string): string {
  const what = doingWords(doing);
  const withRef = (text: string) => t('failure.ref', { text, ref: code(ref, 40) });
  if (error instanceof InvalidInputError) return `:warning: ${safeMrkdwn(error.message, 500)}`;
  if (error instanceof SlackApiError) {
    // Slack's pace for the channel (or a 429) outlasted what a person is kept waiting: no call went.
    if (error.failure === 'rate_limited') return withRef(t('failure.slackRateLimited', { what }));
    const slackCode = code(error.slackCode, 60);
    if (error.notInChannel) return withRef(t('failure.notInChannel', { what, code: slackCode }));
    return withRef(t('failure.slackRefused', { what, code: slackCode }));
  }
  if (!(error instanceof ApiError)) return withRef(t('failure.internal', { what }));
  if (error.operation === READ_BACK_AFTER_CHANGE) return withRef(t('failure.readBack'));
  // The tenant's words can echo what it was asked, a person's email included: never shown. The
  // enum values they quote are shown in words ("in state suppressed").
  const said = error.serverMessage
    ? t('failure.tenantSaid', { said: safeMrkdwn(enumsInWords(hideEmails(error.serverMessage)), 300) })
    : '';
  switch (error.kind) {
    case 'not_found':
      return withRef(t('failure.notFound', { what }));
    case 'invalid':
      return withRef(t('failure.invalid', { what, said }));
    case 'conflict':
      return withRef(t('failure.conflict', { what, said }));
    case 'permission_denied':
      return withRef(t('failure.permission', { what, said }));
    case 'auth':
      return withRef(t('failure.auth', { what }));
    case 'rate_limited':
      return withRef(t('failure.tenantRateLimited', { what }));
    case 'bad_response':
      return withRef(t('failure.badResponse', { what }));
    case 'timeout':
    case 'unavailable':
      return withRef(
        error.processed === 'maybe' && error.operation === 'updateFindingState'
          ? t('failure.maybeApplied', { what })
          : t('failure.unavailable', { what }),
      );
  }
}
