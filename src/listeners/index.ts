import type { App } from '@slack/bolt';
import type { WardenDeps } from '../usecases/deps.js';
import { registerActionListeners } from './actions.js';
import { registerApprovalListeners } from './approvals.js';
import { registerCampaignListeners } from './campaign-actions.js';
import { registerCommandListeners } from './commands.js';
import { registerMiddleware } from './middleware.js';
import { registerViewListeners } from './views.js';

/** Every routing id Warden answers, registered in one place. */
export function registerListeners(app: App, deps: WardenDeps, teamId: string): void {
  registerMiddleware(app, deps, teamId);
  registerActionListeners(app, deps);
  registerViewListeners(app, deps);
  registerCommandListeners(app, deps);
  registerCampaignListeners(app, deps);
  registerApprovalListeners(app, deps);
}
