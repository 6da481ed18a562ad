import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { EXTRA_ONEOFS, EXTRA_PATHS, EXTRA_SCHEMAS } from './contract-extra.js';
import { REVIEW_ONEOFS, reviewsSpec } from './contract-reviews.js';

/**
 * The vendor's published OpenAPI subset as a validator: JSON Schema 2020-12 (what OpenAPI 3.1
 * uses) plus the proto3 JSON rules the vendor's server follows on top of it (api-facts.md):
 * - 64-bit integers travel as strings, 32-bit ones as numbers (within their range);
 * - a double may be "NaN", "Infinity" or "-Infinity";
 * - at most one member of a oneof is set, in both modes (proto3 cannot write two, however new);
 * - enums are open (`x-speakeasy-unknown-values: allow`): a newer server may send values nobody
 *   knows. A *faithful* answer of this tenant uses the values its schema lists; `wire` accepts
 *   any string, as a client must.
 * - a request may use a field's proto name (`page_size`) or its JSON name (`pageSize`).
 * The spec is read from ../shared/spec/ when present, else from the copy vendored in
 * test/fixtures/spec/ (so a fresh clone can run the contract test).
 */

// ajv-formats is CommonJS: under NodeNext its default import is the module, the plugin its `default`.
const addFormats = formats.default;

const SHARED_SPEC = fileURLToPath(
  new URL('../../../shared/spec/vendor-openapi-subset.json', import.meta.url),
);
export const VENDORED_SPEC = fileURLToPath(
  new URL('../fixtures/spec/vendor-openapi-subset.json', import.meta.url),
);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type SchemaNode = { [key: string]: Json };

interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, SchemaNode> };
}

interface Operation {
  operationId: string;
  requestBody?: { content: { 'application/json': { schema: { $ref: string } } } };
  responses: Record<string, { content?: { 'application/json': { schema: { $ref: string } } } }>;
}

export function loadSpec(): { path: string; spec: OpenApi } {
  const path = existsSync(SHARED_SPEC) ? SHARED_SPEC : VENDORED_SPEC;
  const spec = JSON.parse(readFileSync(path, 'utf8')) as OpenApi;
  // Access reviews' operations (contract-reviews.ts): added, the subset's schemas kept where both have one.
  const reviews: OpenApi = reviewsSpec();
  spec.paths = { ...reviews.paths, ...spec.paths };
  spec.components.schemas = { ...reviews.components.schemas, ...spec.components.schemas };
  return { path, spec };
}

/**
 * The subset with the operations it lacks added (contract-extra.ts: containment's task and app
 * operations, written from the vendor's description); the subset's own schemas win a clash.
 */
export function withExtras(spec: OpenApi): OpenApi {
  const paths = { ...EXTRA_PATHS, ...spec.paths };
  const schemas = { ...EXTRA_SCHEMAS, ...spec.components.schemas };
  return { ...spec, paths, components: { ...spec.components, schemas } };
}

/**
 * The oneof groups of the messages Warden reads and writes (tenant-api.md: "one member at most
 * per group"; the OpenAPI file cannot say it). Keyed by schema name.
 */
export const ONEOFS: Record<string, Record<string, readonly string[]>> = {
  'c1.api.finding.v1.Finding': {
    finding_type: [
      'similarUsernameMatch',
      'serviceAccountMisclassification',
      'nhiUnowned',
      'serviceAccountUnowned',
      'decoyCredentialUsed',
      'custom',
      'connectorAnomalyDetectionDisabled',
      'deactivatedOwner',
      'unusedSecret',
      'credentialPubliclyExposed',
      'decoyPubliclyExposed',
      'credentialExpiring',
      'connectorSyncFailing',
      'shadowMcp',
    ],
    target: [
      'identityUserTarget',
      'appUserTarget',
      'decoyTarget',
      'appResourceTarget',
      'tenantTarget',
      'connectorTarget',
    ],
    evidence: [
      'similarUsernameMatchEvidence',
      'serviceAccountMisclassificationEvidence',
      'deactivatedOwnerEvidence',
      'unusedSecretEvidence',
      'credentialPubliclyExposedEvidence',
      'decoyPubliclyExposedEvidence',
      'credentialExpiringEvidence',
      'connectorSyncFailingEvidence',
      'shadowMcpEvidence',
    ],
  },
  'c1.api.finding.v1.FindingOwnerRef': {
    owner: ['appOwnerAppId', 'identityUserId', 'managerOfUserId', 'userSetId'],
  },
  'c1.api.finding.v1.CredentialPubliclyExposedType': {
    credential: ['connectorClientId', 'connectorManagedCredentialId', 'functionClientId', 'userClientId'],
  },
  'c1.api.finding.v1.UpdateFindingStateRequestInput': {
    action: ['snooze', 'suppress', 'acceptRisk', 'unsuppress', 'resolve', 'reopen'],
  },
  'c1.api.accessreview.v1.AccessReviewScopeV2': {
    apps_and_resources_scope: [
      'appAccess',
      'specificResources',
      'appSelectionCriteria',
      'resourceTypeSelections',
    ],
    users_scope: ['allUsers', 'selectedUsers', 'userCriteria', 'celExpression'],
    accounts_scope: ['allAccounts', 'accountCriteria', 'accountCelExpression'],
    grants_scope: ['allGrants', 'grantsByCriteria'],
    access_conflicts_scope: ['allAccessConflicts', 'specificAccessConflicts'],
    resource_scope: ['resourceSelection'],
    excluded_apps_and_resources_scope: ['excludedSpecificResources', 'excludedResourceTypeSelections'],
  },
  'c1.api.accessreview.v1.GrantsByCriteriaScope': {
    criteria_filter: ['daysSinceAdded', 'daysSinceReviewed', 'grantsAddedBetween'],
  },
  ...REVIEW_ONEOFS,
  ...EXTRA_ONEOFS,
};

/** `faithful`: what this tenant's schema allows; `wire`: what any (newer) server may send. */
export type Mode = 'faithful' | 'wire';

const INT64 = new Set(['int64', 'uint64', 'fixed64', 'sfixed64', 'sint64']);
const INT32_RANGE: Record<string, [number, number]> = {
  int32: [-(2 ** 31), 2 ** 31 - 1],
  uint32: [0, 2 ** 32 - 1],
};
const PROTO_DURATION = '^-?\\d+(\\.\\d{1,9})?s$';

const isNode = (v: Json | undefined): v is SchemaNode =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const types = (node: SchemaNode): string[] =>
  Array.isArray(node.type)
    ? node.type.filter((t): t is string => typeof t === 'string')
    : [String(node.type)];

/** One schema node with the proto3 JSON rules applied (recursively). */
function protoNode(node: SchemaNode, mode: Mode): SchemaNode {
  const out: SchemaNode = {};
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('x-')) continue;
    if (key === 'properties' && isNode(value))
      out[key] = Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, isNode(v) ? protoNode(v, mode) : v]),
      );
    else if ((key === 'oneOf' || key === 'anyOf') && Array.isArray(value))
      out[key] = value.map((v) => (isNode(v) ? protoNode(v, mode) : v));
    else if ((key === 'items' || key === 'additionalProperties') && isNode(value))
      out[key] = protoNode(value, mode);
    else out[key] = value;
  }
  if ('enum' in out && node['x-speakeasy-unknown-values'] === 'allow' && mode === 'wire') delete out.enum;
  const format = typeof node.format === 'string' ? node.format : undefined;
  if (format && INT64.has(format)) {
    delete out.format;
    return { ...out, type: 'string', pattern: '^-?\\d+$' };
  }
  const range = format ? INT32_RANGE[format] : undefined;
  if (range) {
    delete out.format;
    return { ...out, minimum: range[0], maximum: range[1] };
  }
  if (format === 'duration') {
    delete out.format;
    return { ...out, pattern: PROTO_DURATION };
  }
  if ('type' in node && types(node).includes('number')) {
    return { anyOf: [out, { enum: ['NaN', 'Infinity', '-Infinity'] }] };
  }
  return out;
}

/** `page_size` -> `pageSize`: a request may use either spelling (proto3 JSON). */
export function jsonNames(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(jsonNames);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
      jsonNames(v),
    ]),
  );
}

const SET = (v: unknown) => v !== undefined && v !== null;

export interface ContractIssue {
  where: string;
  message: string;
}

export interface Contract {
  /** The operation a request is for, by method and path (as the tenant received it). */
  operationFor(method: string, path: string): { id: string; request?: string; response?: string } | undefined;
  /** Problems with `data` as an instance of the schema `name` (empty when it conforms). */
  check(name: string, data: unknown, mode: Mode): ContractIssue[];
}

export function createContract(spec: OpenApi = withExtras(loadSpec().spec)): Contract {
  const validators = new Map<string, ValidateFunction>();
  const ajvFor = new Map<Mode, Ajv2020>();
  for (const mode of ['faithful', 'wire'] as const) {
    const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
    addFormats(ajv, ['date-time']);
    const schemas = Object.fromEntries(
      Object.entries(spec.components.schemas).map(([k, v]) => [k, protoNode(v, mode)]),
    );
    ajv.addSchema({ $id: 'vendor', components: { schemas } });
    ajvFor.set(mode, ajv);
  }
  const routes = Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      id: op.operationId,
      params: (path.match(/\{/g) ?? []).length,
      request: op.requestBody?.content['application/json'].schema.$ref.split('/').pop(),
      response: op.responses['200']?.content?.['application/json'].schema.$ref.split('/').pop(),
    })),
  );

  function validator(name: string, mode: Mode): ValidateFunction {
    const key = `${mode}:${name}`;
    let v = validators.get(key);
    if (!v) {
      v = ajvFor.get(mode)?.compile({ $ref: `vendor#/components/schemas/${name}` });
      if (!v) throw new Error(`no validator for ${name}`);
      validators.set(key, v);
    }
    return v;
  }

  /** The schema node a `$ref` or a nullable `oneOf [ref, null]` stands for, with its name. */
  function resolve(node: Json | undefined): { name?: string; node: SchemaNode } | undefined {
    if (!isNode(node)) return undefined;
    const ref = typeof node.$ref === 'string' ? node.$ref : undefined;
    if (ref) {
      const name = ref.split('/').pop() ?? '';
      const target = spec.components.schemas[name];
      return target ? { name, node: target } : undefined;
    }
    if (Array.isArray(node.oneOf)) {
      const variant = node.oneOf.find((v) => isNode(v) && typeof v.$ref === 'string');
      return resolve(variant);
    }
    return { node };
  }

  /** At most one member per oneof group, everywhere in `data` (walked along its schema). */
  function oneofIssues(
    name: string | undefined,
    node: SchemaNode,
    data: unknown,
    where: string,
  ): ContractIssue[] {
    if (typeof data !== 'object' || data === null) return [];
    const issues: ContractIssue[] = [];
    if (Array.isArray(data)) {
      const items = resolve(node.items);
      data.forEach((item, i) => {
        if (items) issues.push(...oneofIssues(items.name, items.node, item, `${where}[${i}]`));
      });
      return issues;
    }
    const record = data as Record<string, unknown>;
    for (const [group, members] of Object.entries(name ? (ONEOFS[name] ?? {}) : {})) {
      const set = members.filter((m) => SET(record[m]));
      if (set.length > 1)
        issues.push({
          where: where || '(root)',
          message: `oneof ${group} has ${set.length} members set: ${set.join(', ')}`,
        });
    }
    const props = isNode(node.properties) ? node.properties : {};
    for (const [key, value] of Object.entries(record)) {
      const child =
        resolve(props[key]) ??
        (isNode(node.additionalProperties) ? resolve(node.additionalProperties) : undefined);
      if (child) issues.push(...oneofIssues(child.name, child.node, value, where ? `${where}.${key}` : key));
    }
    return issues;
  }

  const describe = (e: ErrorObject): ContractIssue => ({
    where: e.instancePath || '(root)',
    message: `${e.message ?? 'invalid'}${e.params && 'allowedValues' in e.params ? ` (${String(e.params.allowedValues)})` : ''}`,
  });

  return {
    operationFor(method, path) {
      // The most literal path wins: `/findings/bulk/state` is not `/findings/{finding_id}/state`.
      const route = routes
        .filter((r) => r.method === method && r.pattern.test(path))
        .sort((a, b) => a.params - b.params)[0];
      if (!route) return undefined;
      return {
        id: route.id,
        ...(route.request ? { request: route.request } : {}),
        ...(route.response ? { response: route.response } : {}),
      };
    },
    check(name, data, mode) {
      const validate = validator(name, mode);
      const issues = validate(data) ? [] : (validate.errors ?? []).map(describe);
      const node = spec.components.schemas[name];
      if (node) issues.push(...oneofIssues(name, node, data, ''));
      return issues;
    },
  };
}
