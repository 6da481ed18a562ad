import type { SlackActor } from '@warden/simulators';

/** The people the tests act as (a module of its own: the process tests need them, not the harness). */
export const ALICE: SlackActor = {
  userId: 'U0ALICE',
  userName: 'alice',
  teamId: 'T0WARDEN',
  channelId: 'C0SECOPS',
};
export const BOB: SlackActor = { ...ALICE, userId: 'U0BOB', userName: 'bob' };
