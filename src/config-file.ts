import { readFileSync } from 'node:fs';
import { isMap, isNode, isScalar, isSeq, LineCounter, parseDocument, type Node as YamlNode } from 'yaml';
import { z } from 'zod';
import { ReviewsSchema } from './config-sections/access-reviews.js';
import { ApprovalsSchema, AttributionSchema, LimitsSchema } from './config-sections/approvals.js';
import { AttestSchema } from './config-sections/attest.js';
import { CardsSchema } from './config-sections/cards.js';
import { ClosureSchema } from './config-sections/closure.js';
import { ContainSchema, containIssues, containNeedsOf } from './config-sections/contain.js';
import { DeliverySchema } from './config-sections/delivery.js';
import { DigestsSchema, LifecycleSchema } from './config-sections/lifecycle.js';
import { PermissionsSchema } from './config-sections/permissions.js';
import { PollerSchema } from './config-sections/poller.js';
import { RetentionSchema } from './config-sections/retention.js';
import { RuleSchema } from './config-sections/routing.js';
import { SlaSchema } from './config-sections/sla.js';
import { StepUpSchema } from './config-sections/step-up.js';
import { UnfurlSchema } from './config-sections/unfurl.js';
import { WorkspacesSchema } from './config-sections/workspaces.js';
import { DEFAULT_ATTRIBUTION } from './domain/attribution.js';
import { ConfigError, type ConfigIssue } from './errors.js';

/**
 * The optional WARDEN_CONFIG file (YAML): limits, alert routing and poller filters, who may do
 * what, four-eyes approvals, attribution and what cards offer. Every problem is reported with the line it is on.
 */

export const ConfigFileSchema = z
  .object({
    permissions: PermissionsSchema.default({ channels: {} }),
    approvals: ApprovalsSchema.default({ expireAfterHours: 24 }),
    attribution: AttributionSchema.default({ template: DEFAULT_ATTRIBUTION }),
    limits: LimitsSchema.default({ riskAcceptanceMaxDays: 365, snoozeMaxDays: 365 }),
    cards: CardsSchema.default(CardsSchema.parse({})),
    routing: z
      .object({ rules: z.array(RuleSchema).default([]) })
      .strict()
      .default({ rules: [] }),
    poller: PollerSchema.default({ maxPerRun: 1_000, allowUnknown: false }),
    retention: RetentionSchema.default(RetentionSchema.parse({})),
    delivery: DeliverySchema.default(DeliverySchema.parse({})),
    closure: ClosureSchema.default(ClosureSchema.parse({})),
    lifecycle: LifecycleSchema.default(LifecycleSchema.parse({})),
    digest: DigestsSchema,
    attest: AttestSchema,
    /** Contain…: revoke and offboarding through the tenant's tasks, per finding type (off unless configured). */
    contain: ContainSchema,
    /** Off unless configured: actions stay one click. */
    stepUp: StepUpSchema.optional(),
    workspaces: WorkspacesSchema,
    /** Off unless configured: the console's links are not previewed. */
    unfurl: UnfurlSchema,
    /** Off unless configured: access reviews are decided in the console only. */
    reviews: ReviewsSchema.optional(),
    /** Off unless configured: findings have no SLA clocks. */
    sla: SlaSchema,
  })
  .strict()
  .superRefine((file, ctx) => {
    for (const issue of containIssues(containNeedsOf(file)))
      ctx.addIssue({ code: 'custom', path: ['contain', ...issue.path], message: issue.message });
    // A route naming a workspace names one of `workspaces`.
    const known = new Set(file.workspaces.map((w) => w.team));
    // Several workspaces: every channel Warden posts in on its own (routes, digests) must say
    // whose it is, so its cards go out with that workspace's token (a guess could leak a card).
    const listed = new Set(file.workspaces.flatMap((w) => w.channels));
    const several = file.workspaces.length > 1;
    file.routing.rules.forEach((rule, i) => {
      if (!('channel' in rule)) return;
      if (rule.workspace !== undefined && !known.has(rule.workspace))
        ctx.addIssue({
          code: 'custom',
          path: ['routing', 'rules', i, 'workspace'],
          message: 'is not one of `workspaces`',
        });
      if (several && rule.workspace === undefined && !listed.has(rule.channel))
        ctx.addIssue({
          code: 'custom',
          path: ['routing', 'rules', i, 'workspace'],
          message: "is required with several workspaces (or list the channel in its workspace's `channels`)",
        });
    });
    for (const rule of file.routing.rules)
      if ('channel' in rule && rule.workspace !== undefined) listed.add(rule.channel);
    (file.sla?.report ?? []).forEach((r, i) => {
      if (several && !listed.has(r.channel))
        ctx.addIssue({
          code: 'custom',
          path: ['sla', 'report', i, 'channel'],
          message: "must be a routed channel or listed in its workspace's `channels` with several workspaces",
        });
    });
    file.digest.forEach((d, i) => {
      if (several && !listed.has(d.channel))
        ctx.addIssue({
          code: 'custom',
          path: ['digest', i, 'channel'],
          message: "must be a routed channel or listed in its workspace's `channels` with several workspaces",
        });
    });
  });

export type ConfigFile = z.output<typeof ConfigFileSchema>;

export const DEFAULT_CONFIG_FILE: ConfigFile = ConfigFileSchema.parse({});

/** The line of the YAML node at `path` (the deepest key found), for error messages. */
function lineOf(
  doc: ReturnType<typeof parseDocument>,
  counter: LineCounter,
  path: readonly PropertyKey[],
): number | undefined {
  let node: unknown = doc.contents;
  let last: YamlNode | undefined;
  for (const key of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && p.key.value === key);
      if (pair && isNode(pair.key)) last = pair.key;
      node = pair?.value;
    } else if (isSeq(node) && typeof key === 'number') {
      node = node.items[key];
      if (isNode(node)) last = node;
    } else break;
  }
  const offset = last?.range?.[0];
  return offset === undefined ? undefined : counter.linePos(offset).line;
}

export function parseConfigFile(text: string, source: string): ConfigFile {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false });
  if (doc.errors.length > 0) {
    throw new ConfigError(
      doc.errors.map((e) => ({
        key: `${source}:${e.linePos?.[0]?.line ?? '?'}`,
        problem: e.message.split('\n')[0] ?? 'invalid YAML',
      })),
    );
  }
  const parsed = ConfigFileSchema.safeParse(doc.toJS() ?? {});
  if (parsed.success) return parsed.data;
  const issues: ConfigIssue[] = parsed.error.issues.map((issue) => {
    const line = lineOf(doc, counter, issue.path);
    return {
      key: `${source}${line ? `:${line}` : ''} ${issue.path.join('.') || '(root)'}`,
      problem: issue.message,
    };
  });
  throw new ConfigError(issues);
}

export function loadConfigFile(path: string | undefined): ConfigFile {
  if (!path) return DEFAULT_CONFIG_FILE;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    throw new ConfigError([{ key: 'WARDEN_CONFIG', problem: `cannot read ${path} (${reason})` }]);
  }
  return parseConfigFile(text, path);
}
