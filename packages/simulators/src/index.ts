/**
 * The simulators Warden is tested and demonstrated against: a simulated tenant and a local Slack,
 * real HTTP servers on loopback that behave as the vendor's API and Slack's documentation say.
 * Nothing here imports Warden.
 */

export { type IntakeTarget, postAlert as postSignedAlert, postFlood } from './demo/flood.js';
export { type SimulatorEnvOptions, simulatorEnv } from './env.js';
export {
  followStepUpLink,
  formsOf,
  type Page,
  type PageForm,
  type SignInAs,
  TinyBrowser,
} from './idp/browser.js';
export {
  createLocalIdp,
  type IdpPerson,
  type IdTokenSigning,
  type LocalIdp,
  type LocalIdpOptions,
} from './idp/local-idp.js';
export { signedPostHeaders } from './signed-post.js';
export { checkBlocks, checkMessage, checkMrkdwn, checkView } from './slack/blocks-check.js';
export {
  type FunctionDefinition,
  type FunctionParams,
  type FunctionRun,
  paramProblems,
  WorkflowFunctions,
} from './slack/functions.js';
export { BLOCK_KIT, METHOD_TIER, RATE_LIMITS } from './slack/limits.js';
export { APP_ID, LocalOrg, ORG, ORG_PEOPLE } from './slack/org.js';
export { RateLimiter } from './slack/rate-limiter.js';
export * from './slack/requests.js';
export * from './slack/server.js';
export type { SocketAck, SocketEnvelopeType } from './slack/socket.js';
export type { AccessTasks, SimTask, TaskStage } from './tenant/access-tasks.js';
export type { TenantApps } from './tenant/apps.js';
export type { AuditContext, AuditEventType, FindingAudit, JsonAuditEvent } from './tenant/audit.js';
export type { BulkOperation, BulkOperations } from './tenant/bulk-state.js';
export type { FaultRule } from './tenant/faults.js';
export type { TenantFindings } from './tenant/findings.js';
export * from './tenant/seed-attest.js';
export * from './tenant/seed-campaigns.js';
export * from './tenant/seed-contain.js';
export * from './tenant/seed-findings.js';
export { SEED_IDS, seedKsuid } from './tenant/seed-ids.js';
export { seedUsers } from './tenant/seed-users.js';
export * from './tenant/server.js';
export type { TenantUsers } from './tenant/users.js';
export { createTestClock, durationMs, type TestClock, type TestClockOptions } from './test-clock.js';
