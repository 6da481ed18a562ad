import { createTestClock } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/logger.js';
import { createHomeRefresher } from '../../../src/usecases/lifecycle/home-refresh.js';

/** Lets promises settled by a step run their continuations. */
const turns = async (n = 5) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
};

/**
 * The Home refresher publishes one flush at a time: a refresh asked for while a slow flush is
 * publishing (hundreds of approvers' tabs at Slack's pace) waits for it, rather than publishing
 * the same tabs beside it — twice the calls, and an older view possibly landing last.
 */
describe('Home refresher', () => {
  it('never publishes a person’s tab twice at once; what is asked meanwhile follows the flush in hand', async () => {
    const clock = createTestClock();
    const started: string[] = [];
    let inFlight = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const home = createHomeRefresher({
      publish: (user) => {
        started.push(user);
        inFlight++;
        most = Math.max(most, inFlight);
        return new Promise<void>((resolve) =>
          release.push(() => {
            inFlight--;
            resolve();
          }),
        );
      },
      openedBy: async (ids) => [...ids],
      approvers: async () => [],
      logger: createLogger('silent'),
      timers: clock,
    });
    home.refresh(['U0ALICE']);
    await clock.advance(500);
    await turns();
    expect(started).toEqual(['U0ALICE']);

    // Alice acts again while her tab is being published: nothing beside it, however long it takes.
    home.refresh(['U0ALICE', 'U0BOB']);
    await clock.advance(500);
    await turns();
    await clock.advance(60_000);
    await turns();
    expect(started).toEqual(['U0ALICE']);

    // Once it is published, her newer tab and Bob's follow, one at a time.
    release.shift()?.();
    await turns();
    await clock.advance(500);
    await turns();
    expect(started).toEqual(['U0ALICE', 'U0ALICE']);
    release.shift()?.();
    await turns();
    expect(started).toEqual(['U0ALICE', 'U0ALICE', 'U0BOB']);
    release.shift()?.();
    await turns();
    expect(most).toBe(1);
    await home.stop();
  });

  it('refreshes nobody when nobody asked, and publishes only people who opened the tab', async () => {
    const clock = createTestClock();
    const started: string[] = [];
    const home = createHomeRefresher({
      publish: async (user) => {
        started.push(user);
      },
      openedBy: async (ids) => ids.filter((u) => u !== 'U0NEVER'),
      approvers: async () => [],
      logger: createLogger('silent'),
      timers: clock,
    });
    await clock.advance(5_000);
    expect(started).toEqual([]);
    home.refresh(['U0ALICE', 'U0NEVER', 'not-a-user']);
    await clock.advance(500);
    await turns();
    expect(started).toEqual(['U0ALICE']);
    await home.stop();
  });
});
