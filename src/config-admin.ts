import { integer, secret } from './config-env-values.js';
import type { ConfigIssue } from './errors.js';
import type { Secret } from './secret.js';

/**
 * Where operators read Warden's state (`/readyz` with its reasons, `/metrics`): never open on
 * the public port. ADMIN_PORT serves them (and /healthz) on a port of their own, kept off the
 * public ingress; ADMIN_TOKEN lets them through on the public port to a request that carries
 * `Authorization: Bearer <ADMIN_TOKEN>`. With neither, the public port answers /readyz with
 * its status code and `{ready}` only (probes still work) and /metrics not at all.
 * `/healthz` stays open on the public port.
 */

export const ADMIN_ENV = {
  ADMIN_PORT: integer(1, 65_535).optional(),
  ADMIN_TOKEN: secret()
    .refine((s) => s.reveal().length >= 16, { message: 'must be at least 16 characters' })
    .optional(),
};

export interface AdminConfig {
  /** A port of its own for /healthz, /readyz and /metrics. */
  port: number | undefined;
  /** The bearer token that opens /readyz's reasons and /metrics on the public port. */
  token: Secret | undefined;
}

export function adminConfig(e: {
  ADMIN_PORT?: number | undefined;
  ADMIN_TOKEN?: Secret | undefined;
}): AdminConfig {
  return { port: e.ADMIN_PORT, token: e.ADMIN_TOKEN };
}

/** ADMIN_PORT must not be the public PORT (the point is that it is not public). */
export function adminCheck(env: Partial<Record<string, unknown>>): ConfigIssue[] {
  const port = env.ADMIN_PORT;
  const publicPort = env.PORT ?? '3000';
  return port !== undefined && String(port) === String(publicPort)
    ? [
        {
          key: 'ADMIN_PORT',
          problem: 'must differ from PORT: it keeps /readyz and /metrics off the public port',
        },
      ]
    : [];
}

/** What `--check-config` says about it. */
export function describeAdmin(admin: AdminConfig): string {
  const where = [
    admin.port ? `on ADMIN_PORT ${admin.port}` : undefined,
    admin.token ? 'on the public port with ADMIN_TOKEN as a bearer token' : undefined,
  ].filter(Boolean);
  return where.length > 0
    ? `Operations: /readyz (with its reasons) and /metrics ${where.join(', and ')}; /healthz open on the public port.`
    : 'Operations: /readyz on the public port gives its status only and /metrics is off: set ADMIN_PORT (a port of their own) or ADMIN_TOKEN (a bearer token) to read them (README "Operate").';
}
