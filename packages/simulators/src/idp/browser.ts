/**
 * A very small browser for tests: it follows redirects across hosts with a cookie jar per host,
 * as a person's browser does through Warden's link, the provider's sign-in form and back. Only
 * what the step-up flow needs: GET, a POSTed form, cookies by name (no paths or expiry).
 */

export interface Page {
  url: string;
  status: number;
  text: string;
}

export class TinyBrowser {
  readonly #jar = new Map<string, Map<string, string>>();

  #cookies(url: URL): string {
    return [...(this.#jar.get(url.host) ?? new Map<string, string>()).entries()]
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  }

  #keep(url: URL, res: Response) {
    const jar = this.#jar.get(url.host) ?? new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    this.#jar.set(url.host, jar);
  }

  async #go(start: string, init: { method: string; body?: string }): Promise<Page> {
    let url = new URL(start);
    let method = init.method;
    let body = init.body;
    for (let hops = 0; hops < 20; hops++) {
      const headers: Record<string, string> = { cookie: this.#cookies(url) };
      if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
      const res = await fetch(url, {
        method,
        headers,
        redirect: 'manual',
        ...(body !== undefined ? { body } : {}),
      });
      this.#keep(url, res);
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        await res.arrayBuffer();
        url = new URL(location, url);
        method = 'GET';
        body = undefined;
        continue;
      }
      return { url: url.href, status: res.status, text: await res.text() };
    }
    throw new Error('too many redirects');
  }

  open(url: string): Promise<Page> {
    return this.#go(url, { method: 'GET' });
  }

  submit(url: string, form: Record<string, string>): Promise<Page> {
    return this.#go(url, { method: 'POST', body: new URLSearchParams(form).toString() });
  }
}

export interface SignInAs {
  email: string;
  /** How the person signed in (default password and a second factor). */
  amr?: string[];
  acr?: string;
  /** A sign-in this many seconds old (the provider remembered it). */
  authAgeSeconds?: number;
  /** Cancel at the provider instead of signing in. */
  cancel?: boolean;
}

/**
 * Opens a step-up link and, when it leads to the provider's sign-in form, signs in as asked:
 * the page Warden shows at the end (or the first page that is not the sign-in form).
 */
export async function followStepUpLink(
  link: string,
  as: SignInAs,
  browser = new TinyBrowser(),
): Promise<Page> {
  const form = await browser.open(link);
  const at = new URL(form.url);
  if (!at.pathname.startsWith('/interaction/') || form.status !== 200) return form;
  if (as.cancel) return browser.submit(`${form.url}/abort`, {});
  return browser.submit(`${form.url}/login`, {
    email: as.email,
    amr: (as.amr ?? ['pwd', 'mfa']).join(','),
    acr: as.acr ?? 'mfa',
    authAgeSeconds: String(as.authAgeSeconds ?? 0),
  });
}
