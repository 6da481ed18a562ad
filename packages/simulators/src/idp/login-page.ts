import type { IncomingMessage } from 'node:http';
import type { IdpPerson } from './local-idp.js';

/** The local provider's sign-in form: a person, and how they sign in (escaped: it is HTML). */

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function loginPage(uid: string, people: readonly IdpPerson[], problem?: string): string {
  const options = people
    .map((p) => `<option value="${esc(p.email)}">${esc(p.name)} (${esc(p.email)})</option>`)
    .join('');
  const action = `/interaction/${encodeURIComponent(uid)}`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>Local identity provider: sign in</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto}label{display:block;margin:.6rem 0}</style>
</head><body><h1>Sign in</h1><p>Local identity provider (simulated). Warden asked for a fresh sign-in.</p>
${problem ? `<p role="alert">${esc(problem)}</p>` : ''}
<form method="post" action="${action}/login">
<label>Person <select name="email">${options}</select></label>
<label>Signed in with <select name="amr"><option value="pwd,mfa">password and a second factor</option><option value="pwd">password only</option></select></label>
<label>Level <select name="acr"><option value="mfa">mfa</option><option value="pwd">pwd</option><option value="">(none)</option></select></label>
<button type="submit">Sign in</button></form>
<form method="post" action="${action}/abort"><button type="submit">Cancel</button></form>
</body></html>`;
}

/** An urlencoded form body (the sign-in form's). */
export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 16_384) throw new Error('form too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
