import type { ServerResponse } from 'node:http';
import { checkMessage } from './blocks-check.js';
import type { RecordedCall, ResponseAudience } from './types.js';
import type { Workspace } from './workspace.js';

/** A JSON answer, as the Web API gives them. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/**
 * A response_url (docs.slack.dev, "Handling user interaction"): replaces the ephemeral message
 * it belongs to (`replace_original`), or adds one for the person it was issued to; checked
 * against Slack's limits like any message; `in_channel` is not what an ephemeral's URL takes.
 */
export function answerResponseUrl(
  res: ServerResponse,
  body: Record<string, unknown>,
  o: {
    ws: Workspace;
    calls: RecordedCall[];
    now: () => number;
    ephemeral?: string | undefined;
    audience?: ResponseAudience | undefined;
  },
) {
  const { ws } = o;
  o.calls.push({ method: 'response_url', args: body, at: o.now() });
  const blocks = Array.isArray(body.blocks) ? body.blocks : [];
  const bad = checkMessage(body);
  if (bad) return sendJson(res, 400, { ok: false, error: bad.error, errors: [bad.detail] });
  const target =
    o.ephemeral && body.replace_original === true
      ? ws.ephemerals.find((e) => e.id === o.ephemeral)
      : undefined;
  if (target) {
    target.text = String(body.text ?? '');
    target.blocks = blocks;
    target.replaced = (target.replaced ?? 0) + 1;
    ws.changed({ kind: 'ephemeral', ephemeral: target });
  } else if (body.response_type === 'in_channel') {
    return sendJson(res, 400, { ok: false, error: 'in_channel_not_supported_here' });
  } else {
    ws.addEphemeral({
      id: ws.nextId('E'),
      channel: o.audience?.channel ?? '',
      user: o.audience?.user ?? '',
      text: String(body.text ?? ''),
      blocks,
      via: 'response_url',
      at: o.now(),
      ts: ws.nextTs(),
    });
  }
  return sendJson(res, 200, { ok: true });
}
