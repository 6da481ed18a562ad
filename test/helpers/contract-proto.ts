import type { Json, SchemaNode } from './contract-spec.js';

/**
 * The proto3 JSON rules the vendor's server follows on top of its JSON Schema (api-facts.md),
 * applied to the spec's schema nodes for the contract (contract.ts):
 * - 64-bit integers travel as strings, 32-bit ones as numbers (within their range);
 * - a double may be "NaN", "Infinity" or "-Infinity";
 * - enums are open (`x-speakeasy-unknown-values: allow`): a newer server may send values nobody
 *   knows. A *faithful* answer of this tenant uses the values its schema lists; `wire` accepts
 *   any string, as a client must.
 * - a request may use a field's proto name (`page_size`) or its JSON name (`pageSize`).
 */

/** `faithful`: what this tenant's schema allows; `wire`: what any (newer) server may send. */
export type Mode = 'faithful' | 'wire';

const INT64 = new Set(['int64', 'uint64', 'fixed64', 'sfixed64', 'sint64']);
const INT32_RANGE: Record<string, [number, number]> = {
  int32: [-(2 ** 31), 2 ** 31 - 1],
  uint32: [0, 2 ** 32 - 1],
};
const PROTO_DURATION = '^-?\\d+(\\.\\d{1,9})?s$';

export const isNode = (v: Json | undefined): v is SchemaNode =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const types = (node: SchemaNode): string[] =>
  Array.isArray(node.type)
    ? node.type.filter((t): t is string => typeof t === 'string')
    : [String(node.type)];

/** One schema node with the proto3 JSON rules applied (recursively). */
export function protoNode(node: SchemaNode, mode: Mode): SchemaNode {
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
