import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { ONEOFS } from './contract-oneofs.js';
import { isNode, type Mode, protoNode } from './contract-proto.js';
import { type Json, loadSpec, type OpenApi, type SchemaNode, withExtras } from './contract-spec.js';

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
 * The spec and where it is read from: contract-spec.ts; the rules applied to its schemas and
 * `jsonNames`: contract-proto.ts; the oneof groups: contract-oneofs.ts.
 */

// ajv-formats is CommonJS: under NodeNext its default import is the module, the plugin its `default`.
const addFormats = formats.default;

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
