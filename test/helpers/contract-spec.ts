import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EXTRA_PATHS, EXTRA_SCHEMAS } from './contract-extra.js';
import { reviewsSpec } from './contract-reviews.js';

/**
 * The vendor's published OpenAPI subset the contract (contract.ts) validates against, with the
 * operations it lacks added. The spec is read from ../shared/spec/ when present, else from the copy
 * vendored in test/fixtures/spec/ (so a fresh clone can run the contract test).
 */

const SHARED_SPEC = fileURLToPath(
  new URL('../../../shared/spec/vendor-openapi-subset.json', import.meta.url),
);
export const VENDORED_SPEC = fileURLToPath(
  new URL('../fixtures/spec/vendor-openapi-subset.json', import.meta.url),
);

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type SchemaNode = { [key: string]: Json };

export interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, SchemaNode> };
}

export interface Operation {
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
