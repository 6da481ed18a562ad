import { readFileSync } from 'node:fs';
import { isMap, isNode, isScalar, isSeq, LineCounter, parseDocument, type Node as YamlNode } from 'yaml';
import { z } from 'zod';
import { POLICY_ACTIONS } from './domain/policy.js';
import { normaliseFindingType, normaliseSeverity, SEVERITY_RANK } from './domain/routing.js';
import { ConfigError, type ConfigIssue } from './errors.js';

/**
 * The optional WARDEN_CONFIG file (YAML): limits, alert routing and poller filters, who may do
 * what, four-eyes approvals and attribution. Every problem is reported with the line it is on.
 */

const LimitsSchema = z
  .object({
    riskAcceptanceMaxDays: z.number().int().min(1).max(3_650).default(365),
    snoozeMaxDays: z.number().int().min(1).max(3_650).default(365),
  })
  .strict();

const severity = z
  .string()
  .transform(normaliseSeverity)
  .refine((s) => s in SEVERITY_RANK, { message: 'is not a severity (info, low, medium, high, critical)' });

const findingType = z.string().transform((v, ctx) => {
  const type = normaliseFindingType(v);
  if (!type) {
    ctx.addIssue({
      code: 'custom',
      message: `"${v.slice(0, 60)}" is not a finding type (e.g. serviceAccountUnowned or FINDING_TYPE_SERVICE_ACCOUNT_UNOWNED)`,
    });
    return z.NEVER;
  }
  return type;
});

const channelId = z
  .string()
  .regex(/^[CG][A-Z0-9]{2,}$/, { message: 'must be a channel id (C… or G…), not a name' });

const ConditionsSchema = z
  .object({
    severities: z.array(severity).min(1).optional(),
    minSeverity: severity.optional(),
    findingTypes: z.array(findingType).min(1).optional(),
    appIds: z.array(z.string().min(1)).min(1).optional(),
    annotations: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean()]).transform(String))
      .optional(),
  })
  .strict();

const RuleSchema = z.union([
  z.object({ name: z.string().optional(), when: ConditionsSchema.default({}), channel: channelId }).strict(),
  z
    .object({ name: z.string().optional(), when: ConditionsSchema.default({}), drop: z.literal(true) })
    .strict(),
]);

const PollerSchema = z
  .object({
    states: z
      .array(
        z
          .string()
          .transform((s) =>
            s.toUpperCase().startsWith('FINDING_STATE_')
              ? s.toUpperCase()
              : `FINDING_STATE_${s.toUpperCase()}`,
          ),
      )
      .optional(),
    minSeverity: severity.optional(),
    findingTypes: z.array(findingType).optional(),
    appIds: z.array(z.string().min(1)).optional(),
    /** Stop a run after this many findings (a safety valve for a huge first poll). */
    maxPerRun: z.number().int().min(1).max(100_000).default(1_000),
  })
  .strict();

const slackUserId = z.string().regex(/^[UW][A-Z0-9]{2,}$/, { message: 'must be a Slack user id (U…)' });
const usergroupId = z.string().regex(/^S[A-Z0-9]{2,}$/, { message: 'must be a user group id (S…)' });
const policyAction = z.enum(POLICY_ACTIONS, { message: `must be one of ${POLICY_ACTIONS.join(', ')}` });

const ActionRuleSchema = z
  .object({
    everyone: z.boolean().optional(),
    users: z.array(slackUserId).optional(),
    usergroups: z.array(usergroupId).optional(),
  })
  .strict();

const PermissionsSchema = z
  .object({
    snooze: ActionRuleSchema.optional(),
    suppress: ActionRuleSchema.optional(),
    acceptRisk: ActionRuleSchema.extend({
      /** Four-eyes: a member of this group, not the requester, must approve. */
      approvers: usergroupId.optional(),
    })
      .strict()
      .optional(),
    resolve: ActionRuleSchema.optional(),
    reopen: ActionRuleSchema.optional(),
    unsuppress: ActionRuleSchema.optional(),
    campaign: ActionRuleSchema.optional(),
    channels: z
      .record(
        z.string().regex(/^[CG][A-Z0-9]{2,}$/, { message: 'must be a channel id' }),
        z.array(policyAction),
      )
      .default({}),
  })
  .strict();

const ApprovalsSchema = z
  .object({
    /** How long a four-eyes request waits for a decision. */
    expireAfterHours: z
      .number()
      .min(0.01)
      .max(24 * 30)
      .default(24),
  })
  .strict();

const AttributionSchema = z
  .object({
    /** How reasons and justifications record who acted: {text}, {name}, {email}, {userId}. */
    template: z
      .string()
      .refine((t) => t.includes('{text}'), { message: 'must contain {text}' })
      .default('{text} — via Slack by {name} ({email})'),
  })
  .strict();

export const ConfigFileSchema = z
  .object({
    permissions: PermissionsSchema.default({ channels: {} }),
    approvals: ApprovalsSchema.default({ expireAfterHours: 24 }),
    attribution: AttributionSchema.default({ template: '{text} — via Slack by {name} ({email})' }),
    limits: LimitsSchema.default({ riskAcceptanceMaxDays: 365, snoozeMaxDays: 365 }),
    routing: z
      .object({ rules: z.array(RuleSchema).default([]) })
      .strict()
      .default({ rules: [] }),
    poller: PollerSchema.default({ maxPerRun: 1_000 }),
  })
  .strict();

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
