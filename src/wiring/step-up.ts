import type { Config } from '../config.js';
import type { ConfigFile } from '../config-file.js';
import { createOidcProvider } from '../identity/oidc.js';
import type { Ports } from '../ports/index.js';

/** WARDEN_CONFIG `stepUp` as the use cases read it (config.ts made sure the public URL is set). */
export function stepUpSettings(file: ConfigFile, config: Readonly<Config>): Ports['settings']['stepUp'] {
  const s = file.stepUp;
  if (!s || !config.http.publicUrl) return undefined;
  const linkBase = config.http.publicUrl.replace(/\/+$/, '');
  return {
    actions: s.actions,
    acceptRiskFrom: s.acceptRiskFrom,
    bulkOver: s.bulkOver,
    linkBase,
    acr: s.oidc.acr,
    amr: s.oidc.amr,
    trustEmailWithoutVerified: s.oidc.trustEmailWithoutVerified === true,
  };
}

export function identityProvider(file: ConfigFile, config: Readonly<Config>): Ports['identity'] {
  const s = file.stepUp;
  if (!s || !config.http.publicUrl || !config.oidcClientSecret) return undefined;
  return createOidcProvider({
    issuer: s.oidc.issuer,
    clientId: s.oidc.clientId,
    clientSecret: config.oidcClientSecret,
    redirectUri: `${config.http.publicUrl.replace(/\/+$/, '')}/verify/callback`,
    acr: s.oidc.acr,
  });
}
