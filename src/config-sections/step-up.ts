import { z } from 'zod';
import { ATTEST_KEY, STEP_UP_KEYS } from '../domain/step-up.js';
import { severity } from './values.js';

/**
 * WARDEN_CONFIG `stepUp`: which actions need a fresh sign-in at the organisation's OpenID Connect
 * provider (domain/step-up.ts), and that provider. The client secret is WARDEN_OIDC_CLIENT_SECRET
 * (config.ts), and the links need WARDEN_PUBLIC_URL: both are checked with the file (config.ts).
 */

const key = z.string().refine((k) => (STEP_UP_KEYS as readonly string[]).includes(k) || ATTEST_KEY.test(k), {
  message: `must be one of ${STEP_UP_KEYS.join(', ')}, or attest.<answer> / attest.<findingType>.<answer>`,
});

export const StepUpSchema = z
  .object({
    actions: z.array(key).max(50).default([]),
    /** Accept risk at or above this severity. */
    acceptRiskFrom: severity.optional(),
    /** Bulk changes to more than this many findings. */
    bulkOver: z.number().int().min(0).max(100_000).optional(),
    oidc: z
      .object({
        issuer: z.url({ protocol: /^https?$/, message: 'must be the provider’s issuer URL' }),
        clientId: z.string().min(1).max(200),
        /** Sent as acr_values; the ID token's `acr` must then be this. */
        acr: z.string().min(1).max(200).optional(),
        /** The ID token's `amr` must hold at least one of these (e.g. [mfa, hwk]). */
        amr: z.array(z.string().min(1).max(50)).min(1).max(20).optional(),
        /**
         * For a provider that never sends `email_verified` (the ID token's email is then taken as
         * verified); `email_verified: false` is refused all the same. Off: the claim must be true.
         */
        trustEmailWithoutVerified: z.boolean().optional(),
      })
      .strict(),
  })
  .strict();

export type StepUpFile = z.output<typeof StepUpSchema>;

/** What `--check-config` says about it. */
export function describeStepUp(s: StepUpFile | undefined): string {
  if (!s) return 'Step-up verification: off (no stepUp in WARDEN_CONFIG).';
  const what = [
    ...s.actions,
    ...(s.acceptRiskFrom
      ? [`acceptRisk from ${s.acceptRiskFrom.replace('FINDING_SEVERITY_', '').toLowerCase()}`]
      : []),
    ...(s.bulkOver !== undefined ? [`bulk over ${s.bulkOver}`] : []),
  ];
  const strength = [
    s.oidc.acr ? `acr ${s.oidc.acr}` : '',
    s.oidc.amr ? `amr one of ${s.oidc.amr.join('/')}` : '',
    s.oidc.trustEmailWithoutVerified ? 'an email without email_verified trusted' : '',
  ]
    .filter(Boolean)
    .join(', ');
  return (
    `Step-up verification: ${what.join(', ') || 'no action'} need a fresh sign-in at ${s.oidc.issuer} ` +
    `(client ${s.oidc.clientId}${strength ? `; ${strength}` : ''}).`
  );
}
