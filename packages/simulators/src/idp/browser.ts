/**
 * A very small browser for tests: it follows redirects across hosts with a cookie jar per host
 * (host and port: each simulator is its own origin here), as a person's browser does through
 * Warden's link, Warden's page with its button, the provider's sign-in form and back. Only what
 * the step-up flow needs: GET, HEAD, a POSTed form (sent with its page's Origin, as browsers
 * send it), cookies by name (no paths; `Max-Age=0` or a past `Expires` removes one).
 */

export interface Page {
  url: string;
  status: number;
  text: string;
}

/** A `<form method="post">` of a page: where it posts, its hidden fields and its button's words. */
export interface PageForm {
  action: string;
  fields: Record<string, string>;
  button: string;
}

const unescapeHtml = (s: string) =>
  s.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] ?? '',
  );

const attr = (tag: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1] ?? undefined;

/** The POST forms of a page, in order (what a person could press). */
export function formsOf(page: Page): PageForm[] {
  const forms: PageForm[] = [];
  for (const m of page.text.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const [, open = '', inner = ''] = m;
    if ((attr(open, 'method') ?? 'get').toLowerCase() !== 'post') continue;
    const fields: Record<string, string> = {};
    for (const input of inner.matchAll(/<input\b[^>]*>/gi)) {
      const name = attr(input[0], 'name');
      if (name && (attr(input[0], 'type') ?? '').toLowerCase() === 'hidden')
        fields[unescapeHtml(name)] = unescapeHtml(attr(input[0], 'value') ?? '');
    }
    const button = /<button\b[^>]*>([\s\S]*?)<\/button>/i.exec(inner)?.[1] ?? '';
    const action = new URL(unescapeHtml(attr(open, 'action') ?? ''), page.url).href;
    forms.push({ action, fields, button: unescapeHtml(button.replace(/<[^>]*>/g, '').trim()) });
  }
  return forms;
}

export class TinyBrowser {
  readonly #jar = new Map<string, Map<string, string>>();
  /** Every URL this browser requested, oldest first (each redirect's hop too). */
  readonly history: string[] = [];

  #cookies(url: URL): string {
    return [...(this.#jar.get(url.host) ?? new Map<string, string>()).entries()]
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  }

  #keep(url: URL, res: Response) {
    const jar = this.#jar.get(url.host) ?? new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const name = pair.slice(0, at).trim();
      const gone = attrs.some((a) => {
        const [k = '', v = ''] = a.split('=').map((s) => s.trim());
        if (k.toLowerCase() === 'max-age') return Number(v) <= 0;
        if (k.toLowerCase() === 'expires') return Date.parse(v) <= Date.now();
        return false;
      });
      if (gone) jar.delete(name);
      else jar.set(name, pair.slice(at + 1).trim());
    }
    this.#jar.set(url.host, jar);
  }

  /** The cookies this browser keeps for a host (`127.0.0.1:port`), by name. */
  cookiesOf(host: string): Map<string, string> {
    const jar = this.#jar.get(host) ?? new Map<string, string>();
    this.#jar.set(host, jar);
    return jar;
  }

  async #go(start: string, init: { method: string; body?: string; origin?: string }): Promise<Page> {
    let url = new URL(start);
    let method = init.method;
    let body = init.body;
    let origin = init.origin;
    for (let hops = 0; hops < 20; hops++) {
      this.history.push(url.href);
      const headers: Record<string, string> = { cookie: this.#cookies(url) };
      if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
      if (origin !== undefined) headers.origin = origin;
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
        origin = undefined;
        continue;
      }
      return { url: url.href, status: res.status, text: method === 'HEAD' ? '' : await res.text() };
    }
    throw new Error('too many redirects');
  }

  open(url: string): Promise<Page> {
    return this.#go(url, { method: 'GET' });
  }

  /** A HEAD request, as a link checker or a preview fetcher sends (redirects followed with GET). */
  head(url: string): Promise<Page> {
    return this.#go(url, { method: 'HEAD' });
  }

  submit(url: string, form: Record<string, string>, from?: Page): Promise<Page> {
    return this.#go(url, {
      method: 'POST',
      body: new URLSearchParams(form).toString(),
      ...(from ? { origin: new URL(from.url).origin } : {}),
    });
  }

  /** Presses the button of the page's first POST form (or the one whose button says `label`). */
  press(page: Page, label?: string | RegExp): Promise<Page> {
    const form = formsOf(page).find((f) =>
      label === undefined ? true : typeof label === 'string' ? f.button === label : label.test(f.button),
    );
    if (!form) throw new Error(`no form to press on ${page.url}${label ? ` (${String(label)})` : ''}`);
    return this.submit(form.action, form.fields, page);
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

/** Whether a page is the provider's sign-in form. */
const isSignInForm = (page: Page) =>
  new URL(page.url).pathname.startsWith('/interaction/') && page.status === 200;

/**
 * Opens a step-up link as the person does: Warden's page (its button pressed, when it shows one),
 * then, at the provider's sign-in form, signs in as asked: the page Warden shows at the end (or
 * the first page that is neither Warden's button nor the sign-in form). A link to the provider
 * itself (its authorization URL) works too: the sign-in form comes first then.
 */
export async function followStepUpLink(
  link: string,
  as: SignInAs,
  browser = new TinyBrowser(),
): Promise<Page> {
  let form = await browser.open(link);
  if (!isSignInForm(form) && form.status === 200 && formsOf(form).length === 1)
    form = await browser.press(form);
  if (!isSignInForm(form)) return form;
  if (as.cancel) return browser.submit(`${form.url}/abort`, {}, form);
  return browser.submit(
    `${form.url}/login`,
    {
      email: as.email,
      amr: (as.amr ?? ['pwd', 'mfa']).join(','),
      acr: as.acr ?? 'mfa',
      authAgeSeconds: String(as.authAgeSeconds ?? 0),
    },
    form,
  );
}
