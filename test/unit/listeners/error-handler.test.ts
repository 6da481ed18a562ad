import { describe, expect, it } from 'vitest';
import { audienceOfBody } from '../../../src/listeners/error-handler.js';

describe('audienceOfBody: who to tell of an error that escaped a listener', () => {
  it('reads a click, a command and a form submission', () => {
    const url = 'https://hooks.slack.com/actions/T/1/x';
    expect(audienceOfBody({ user: { id: 'U1' }, channel: { id: 'C1' }, response_url: url })).toEqual({
      channel: 'C1',
      user: 'U1',
      responseUrl: url,
    });
    expect(audienceOfBody({ user_id: 'U2', channel_id: 'C2' })).toEqual({
      channel: 'C2',
      user: 'U2',
      responseUrl: undefined,
    });
    // A form has no channel: the person's DM with Warden.
    expect(audienceOfBody({ type: 'view_submission', user: { id: 'U3' } })).toMatchObject({
      channel: 'U3',
      user: 'U3',
    });
  });

  it('names nobody for a body without a person, or a hostile one', () => {
    expect(audienceOfBody({ event: { type: 'app_home_opened' } })).toBeUndefined();
    expect(audienceOfBody('x')).toBeUndefined();
    expect(audienceOfBody({ user: { id: 'U'.repeat(500) } })).toBeUndefined();
  });
});
