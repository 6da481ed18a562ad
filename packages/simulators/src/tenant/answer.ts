/** A tenant answer: status and JSON body. Errors use the gRPC-transcoded `{code, message}` shape. */
export interface Answer {
  status: number;
  body: unknown;
  /** Sent as is (a string body) with this type, instead of JSON: a report download, a web page. */
  contentType?: string;
}

export const grpcError = (status: number, code: number, message: string): Answer => ({
  status,
  body: { code, message, details: [] },
});

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
export const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.trim().length > 0;

/** The message of an error answer (what a bulk operation records for a finding it refused). */
export function messageOf(answer: Answer): string {
  const body = answer.body;
  return isObject(body) && typeof body.message === 'string' ? body.message : `status ${answer.status}`;
}

/**
 * A request body's top-level fields by their JSON names: proto3 JSON parsers take a field's proto
 * name (`event_types`) as well as its JSON name (`eventTypes`), api-facts.md.
 */
export function jsonNamed(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(body).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), v]),
  );
}
