import type { App } from '@slack/bolt';
import { registerCommand } from './command-runner.js';
import type { ListenerContext } from './context.js';
import { registerMiddleware } from './middleware.js';
import type { Route } from './route.js';
import { ACCESS_REVIEW_ROUTES } from './routes/access-reviews.js';
import { APPROVAL_ROUTES } from './routes/approvals.js';
import { ATTEST_ROUTES } from './routes/attest.js';
import { CAMPAIGN_ROUTES } from './routes/campaigns.js';
import { CONTAIN_ROUTES } from './routes/contain.js';
import { FINDING_ROUTES } from './routes/findings.js';
import { LIFECYCLE_ROUTES } from './routes/lifecycle.js';
import { OWNER_ROUTES } from './routes/owners.js';
import { REVIEW_ROUTES } from './routes/review.js';
import { ROLLUP_ROUTES } from './routes/rollups.js';
import { SHORTCUT_ROUTES } from './routes/shortcuts.js';
import { UNFURL_ROUTES } from './routes/unfurl.js';
import { WORKFLOW_STEP_ROUTES } from './routes/workflow-steps.js';
import { registerRoutes } from './runner.js';
import { registerSteps } from './step-runner.js';

/** Every route Warden answers, feature by feature (the ids come from blockkit/). */
export const ROUTES: readonly Route[] = [
  ...FINDING_ROUTES,
  ...OWNER_ROUTES,
  ...ROLLUP_ROUTES,
  ...REVIEW_ROUTES,
  ...APPROVAL_ROUTES,
  ...CAMPAIGN_ROUTES,
  ...LIFECYCLE_ROUTES,
  ...ATTEST_ROUTES,
  ...SHORTCUT_ROUTES,
  ...UNFURL_ROUTES,
  ...ACCESS_REVIEW_ROUTES,
  ...CONTAIN_ROUTES,
];

/** Registers everything with Bolt, in one place: the middleware, every route, the slash command. */
export function registerListeners(app: App, ctx: ListenerContext): void {
  registerMiddleware(app, ctx);
  registerRoutes(app, ctx, ROUTES);
  registerCommand(app, ctx);
  registerSteps(app, ctx, WORKFLOW_STEP_ROUTES);
}
