import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import type { InteractionResult, OidcContext, Provider } from 'oidc-provider';
import { DEFAULT_USERS } from '../slack/workspace.js';
import { loginPage, readForm } from './login-page.js';

/**
 * A local OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1, with one person per
 * person of the local Slack (the same emails): what Warden's step-up verification signs people in
 * at. The sign-in is a small form (GET /interaction/:uid, POST …/login or …/abort) that a browser
 * (the demo) or a test (idp/browser.ts) fills in; it can say how the person signed in (`amr`,
 * `acr`) and when (`authAgeSeconds`: a remembered, older sign-in), as a real provider reports.
 */

export interface IdpPerson {
  email: string;
  name: string;
  /** A person whose address the provider has not verified (`email_verified: false`). */
  unverified?: boolean;
  /** A provider that says nothing of verification: no `email_verified` claim at all. */
  omitEmailVerified?: boolean;
}

/**
 * How the provider signs the ID tokens it issues: `signed` with the key its JWKS publishes, or
 * (a hostile or broken provider) `badSignature`: the token's signature replaced by random bytes.
 */
export type IdTokenSigning = 'signed' | 'badSignature';

export interface LocalIdp {
  /** The issuer (http://127.0.0.1:port). */
  url: string;
  clientId: string;
  clientSecret: string;
  people: IdpPerson[];
  /** Every sign-in finished here, oldest first (the person's email, how, and when). */
  signIns: { email: string; amr: string[]; acr: string | undefined; at: number }[];
  /** Set at any time: how the next ID tokens are signed. */
  idTokens: IdTokenSigning;
  close(): Promise<void>;
}

export interface LocalIdpOptions {
  /** Where Warden receives the answer (WARDEN_PUBLIC_URL + /verify/callback). */
  redirectUris: string[];
  port?: number;
  clientId?: string;
  people?: IdpPerson[];
}

const DEFAULT_PEOPLE: IdpPerson[] = DEFAULT_USERS.flatMap((u) =>
  u.profile.email ? [{ email: u.profile.email, name: u.profile.real_name ?? u.name }] : [],
);

/**
 * oidc-provider warns on import under Node 20 (it wants 22) and on its in-memory storage: both
 * are what a simulator chooses, not news, so they are kept out of test output.
 */
async function quietly<T>(f: () => Promise<T> | T): Promise<T> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).startsWith('oidc-provider WARNING')) warn(...args);
  };
  try {
    return await f();
  } finally {
    console.warn = warn;
  }
}

async function signingKeys() {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'local-idp' }] };
}

export async function createLocalIdp(opts: LocalIdpOptions): Promise<LocalIdp> {
  const people = opts.people ?? DEFAULT_PEOPLE;
  const clientId = opts.clientId ?? 'warden';
  const clientSecret = randomBytes(24).toString('base64url');
  const signIns: LocalIdp['signIns'] = [];
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const OidcProvider: typeof Provider = await quietly(async () => (await import('oidc-provider')).default);
  const keys = await signingKeys();
  const byEmail = (id: string) => people.find((p) => p.email === id);
  const provider = await quietly(
    () =>
      new OidcProvider(url, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: opts.redirectUris,
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        jwks: keys,
        cookies: { keys: [randomBytes(24).toString('base64url')] },
        claims: { openid: ['sub', 'amr'], email: ['email', 'email_verified'], profile: ['name'] },
        acrValues: ['mfa', 'pwd'],
        // As Okta or Entra ID do: the scopes' claims in the ID token itself, where Warden reads them.
        conformIdTokenClaims: false,
        features: { devInteractions: { enabled: false } },
        interactions: {
          url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
        },
        ttl: {
          AccessToken: 300,
          AuthorizationCode: 60,
          IdToken: 300,
          Interaction: 600,
          Session: 600,
          Grant: 600,
        },
        // Warden is a first-party client: no consent screen.
        async loadExistingGrant(ctx: OidcContext) {
          const { client, session, provider: p } = ctx.oidc;
          if (!client || !session?.accountId) return undefined;
          const grant = new p.Grant({ clientId: client.clientId, accountId: session.accountId });
          grant.addOIDCScope('openid email profile');
          await grant.save();
          return grant;
        },
        async findAccount(_ctx: unknown, id: string) {
          const person = byEmail(id);
          if (!person) return undefined;
          return {
            accountId: id,
            claims: () => ({
              sub: id,
              email: person.email,
              ...(person.omitEmailVerified ? {} : { email_verified: person.unverified !== true }),
              name: person.name,
            }),
          };
        },
        renderError(ctx: { type: string; body: string }, out: Record<string, unknown>) {
          ctx.type = 'text/plain; charset=utf-8';
          ctx.body = `Sign-in error: ${String(out.error)}`;
        },
      }),
  );
  const oidc = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse, path: string) {
    const details = await provider.interactionDetails(req, res);
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(loginPage(details.uid, people));
      return;
    }
    const form = await readForm(req);
    let result: InteractionResult;
    if (path.endsWith('/abort')) {
      result = { error: 'access_denied', error_description: 'The person cancelled the sign-in.' };
    } else {
      const email = form.get('email') ?? '';
      if (!byEmail(email)) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(loginPage(details.uid, people, 'No such person.'));
        return;
      }
      const amr = (form.get('amr') ?? 'pwd,mfa').split(',').filter(Boolean);
      const acr = form.get('acr') || undefined;
      const age = Number(form.get('authAgeSeconds') ?? '0');
      const ts = Math.floor(Date.now() / 1_000) - (Number.isFinite(age) ? age : 0);
      signIns.push({ email, amr, acr, at: ts });
      result = { login: { accountId: email, ts, amr, ...(acr ? { acr } : {}) } };
    }
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  }

  const self: LocalIdp = {
    url,
    clientId,
    clientSecret,
    people,
    signIns,
    idTokens: 'signed',
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  server.on('request', (req, res) => {
    const path = new URL(req.url ?? '/', url).pathname;
    if (path === '/token' && self.idTokens === 'badSignature') badlySigned(res);
    if (!path.startsWith('/interaction/')) return oidc(req, res);
    interaction(req, res, path).catch((error: unknown) => {
      if (res.headersSent) return void res.end();
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`Sign-in error: ${error instanceof Error ? error.message : 'unknown'}`);
    });
  });

  return self;
}

/**
 * The token endpoint's answer with the ID token's signature replaced by as many random bytes: what
 * a hostile provider (or one in the middle) would send. The body keeps its length, so the
 * Content-Length oidc-provider set stays true.
 */
function badlySigned(res: ServerResponse): void {
  const end = res.end.bind(res);
  const replaced = (chunk: unknown): unknown => {
    if (typeof chunk !== 'string' && !Buffer.isBuffer(chunk)) return chunk;
    const text = chunk.toString();
    const token = /"id_token":"([\w-]+)\.([\w-]+)\.([\w-]+)"/.exec(text);
    if (!token?.[3]) return chunk;
    const random = randomBytes(token[3].length).toString('base64url').slice(0, token[3].length);
    return text.replace(`.${token[3]}"`, `.${random}"`);
  };
  res.end = ((chunk?: unknown, ...rest: unknown[]) =>
    (end as (...args: unknown[]) => ServerResponse)(replaced(chunk), ...rest)) as typeof res.end;
}
