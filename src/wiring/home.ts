import { isSlackApiError } from '../errors.js';
import type { Ports } from '../ports/index.js';
import type { ViewsPort } from '../ports/slack.js';
import { createHomeRefresher, type HomeRefresher } from '../usecases/lifecycle/home-refresh.js';
import { publishHome } from '../usecases/lifecycle/publish-home.js';

/** The Home tab's wiring: its refresher (per workspace), and a publish that hands a 429 to it. */

/** A Home tab Slack rate limited (handed back at once) is published again after its Retry-After. */
export function homeRetried(views: ViewsPort, home: () => HomeRefresher): ViewsPort {
  return {
    ...views,
    publish: (userId, view) =>
      views.publish(userId, view).catch((error: unknown) => {
        if (isSlackApiError(error) && error.failure === 'rate_limited')
          home().rateLimited([userId], error.retryAfterMs);
        throw error;
      }),
  };
}

export function homeRefresher(ports: Ports): HomeRefresher {
  return createHomeRefresher({
    publish: (userId) => publishHome(ports, userId),
    openedBy: (ids) => ports.lifecycle.homeOpenedBy(ids),
    async approvers() {
      // Risk acceptances' approvers and containments' (their own group, when configured).
      const groups = [ports.settings.approvers, ports.settings.contain?.approvers].filter(
        (g): g is string => g !== undefined,
      );
      if (groups.length === 0) return [];
      const viewers = await ports.lifecycle.homeViewers(500);
      const inGroup = await Promise.all(viewers.map((u) => ports.groups.isMember(u, groups)));
      return viewers.filter((_, i) => inGroup[i]);
    },
    logger: ports.logger,
    timers: ports.timers,
  });
}
