/**
 * The JSON Schema vocabulary the hand-written contract schemas are made of
 * (contract-extra.ts, contract-reviews-schemas.ts, contract-reviews-tasks.ts): proto3 JSON as the
 * vendor's OpenAPI description writes it (int64 as a string, open enums, nullable lists), and
 * closed messages.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Node = { [key: string]: Json };
export interface Operation {
  operationId: string;
  requestBody?: { content: { 'application/json': { schema: { $ref: string } } } };
  responses: Record<string, { content?: { 'application/json': { schema: { $ref: string } } } }>;
}

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const nullable = (name: string): Node => ({ oneOf: [ref(name), { type: 'null' }] });
export const string: Node = { type: 'string' };
export const strings: Node = { type: ['array', 'null'], items: { type: 'string' } };
export const time: Node = { type: ['string', 'null'], format: 'date-time' };
export const int32: Node = { type: 'integer', format: 'int32' };
export const int64: Node = { type: 'string', format: 'int64' };
export const openEnum = (values: string[]): Node => ({
  type: 'string',
  enum: values,
  'x-speakeasy-unknown-values': 'allow',
});
export const list = (item: Node): Node => ({ type: ['array', 'null'], items: item });
export const expanded: Node = list({
  type: 'object',
  additionalProperties: true,
  properties: { '@type': string },
});
export const closed = (properties: Record<string, Node>, required?: string[]): Node => ({
  type: 'object',
  additionalProperties: false,
  properties,
  ...(required ? { required } : {}),
});

/** An operation answering 200 with `response`, taking `request` as its JSON body when it has one. */
export const op = (id: string, request: string | undefined, response: string): Operation => ({
  operationId: id,
  ...(request ? { requestBody: { content: { 'application/json': { schema: ref(request) } } } } : {}),
  responses: { '200': { content: { 'application/json': { schema: ref(response) } } } },
});
