import type { App } from '@slack/bolt';
import { registerActionListeners } from './actions.js';
import { registerApprovalListeners } from './approvals.js';
import { registerCampaignListeners } from './campaign-actions.js';
import { registerCommandListeners } from './commands.js';
import type { ListenerContext } from './context.js';
import { registerLifecycleListeners } from './lifecycle.js';
import { registerMiddleware } from './middleware.js';
import { registerOwnerListeners } from './owner-actions.js';
import { registerReviewListeners } from './review.js';
import { registerRollupListeners } from './rollups.js';
import { registerViewListeners } from './views.js';

/** Every routing id Warden answers, registered in one place (the ids come from blockkit/). */
export function registerListeners(app: App, ctx: ListenerContext): void {
  registerMiddleware(app, ctx);
  registerActionListeners(app, ctx);
  registerViewListeners(app, ctx);
  registerCommandListeners(app, ctx);
  registerCampaignListeners(app, ctx);
  registerApprovalListeners(app, ctx);
  registerRollupListeners(app, ctx);
  registerReviewListeners(app, ctx);
  registerOwnerListeners(app, ctx);
  registerLifecycleListeners(app, ctx);
}
