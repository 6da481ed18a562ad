import type { Answer } from './answer.js';
import type { DeviceFlow } from './device-flow.js';
import type { StepUpTransactions } from './step-up-transactions.js';
import type { TenantUsers } from './users.js';

/**
 * The tenant's pages a person's browser opens, as small HTML forms standing in for the tenant's
 * sign-in: the device verification page (`verification_uri`: enter or confirm the code, sign in
 * as someone, approve or deny) and a step-up provider's page (`redirectUrl`: verify).
 * Nothing here is Warden's; the demo and tests use them as a person would.
 */

const esc = (v: string) =>
  v.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
const page = (title: string, body: string, status = 200): Answer => ({
  status,
  contentType: 'text/html; charset=utf-8',
  body: `<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)}</title></head><body><h1>${esc(title)}</h1>${body}</body></html>`,
});

/** GET /device?user_code=… and POST /device (form: user_code, user, decision). */
export function devicePage(
  flow: DeviceFlow,
  users: TenantUsers,
  method: string,
  query: URLSearchParams,
  rawBody: string,
): Answer {
  if (method === 'POST') {
    const form = new URLSearchParams(rawBody);
    const code = form.get('user_code') ?? '';
    const decided =
      form.get('decision') === 'deny' ? flow.deny(code) : flow.approve(code, form.get('user') ?? '');
    return decided
      ? page('Device sign-in', '<p>Done. You can close this page and go back to the app that asked.</p>')
      : page(
          'Device sign-in',
          '<p>This code is not waiting for a decision (expired, used or unknown).</p>',
          400,
        );
  }
  const code = query.get('user_code') ?? '';
  const grant = flow.byUserCode(code);
  if (grant?.status !== 'pending')
    return page('Device sign-in', '<p>Enter the code the app showed you.</p>', grant ? 400 : 200);
  const people = users
    .all()
    .filter((u) => u.status === 'ENABLED' && typeof u.displayName === 'string')
    .map(
      (u) =>
        `<button name="user" value="${esc(u.id)}">Sign in as ${esc(String(u.displayName))} and approve</button>`,
    )
    .join(' ');
  return page(
    'Device sign-in',
    `<p>Code <strong>${esc(grant.userCode)}</strong></p><form method="post" action="/device"><input type="hidden" name="user_code" value="${esc(grant.userCode)}">${people} <button name="decision" value="deny">Deny</button></form>`,
  );
}

/** GET /step-up/{id} (the provider's sign-in, here one click) and POST to verify. */
export function stepUpPage(stepUps: StepUpTransactions, method: string, id: string, now: number): Answer {
  if (method === 'POST')
    return stepUps.verify(id, now)
      ? page('Step-up verification', '<p>Verified. Go back to the app that asked.</p>')
      : page(
          'Step-up verification',
          '<p>This verification is not pending (expired, used or unknown).</p>',
          400,
        );
  return page(
    'Step-up verification',
    `<form method="post" action="/step-up/${esc(id)}"><button>Verify it is me</button></form>`,
  );
}
