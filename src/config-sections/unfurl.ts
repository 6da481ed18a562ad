import { z } from 'zod';

/**
 * WARDEN_CONFIG `unfurl`: the tenant console's links Warden previews (link_shared → chat.unfurl).
 * Each pattern is the page's full address with `{id}` where the finding's or campaign's id is:
 * `https://console.example.com/findings/{id}`. The host goes in the manifest's `unfurl_domains`.
 */
// One check: zod runs every refinement, so a second one parsing the URL again would throw on
// what the first refused (a crash instead of the person's sentence).
const pattern = z.string().refine((s) => {
  try {
    const u = new URL(s.replace('{id}', 'ID'));
    return (
      u.protocol === 'https:' &&
      s.split('{id}').length === 2 &&
      !u.search &&
      !u.hash &&
      u.pathname.includes('ID')
    );
  } catch {
    return false;
  }
}, 'must be an https address with exactly one {id} in its path (no query, no fragment)');

export const UnfurlSchema = z
  .object({
    finding: pattern.optional(),
    campaign: pattern.optional(),
    /**
     * No details for someone Warden cannot map to a tenant user (by email, ports/owners.ts): the
     * preview then says why instead of showing the finding.
     */
    mappedPeopleOnly: z.boolean().default(true),
  })
  .strict()
  .optional();

export type UnfurlConfig = z.output<typeof UnfurlSchema>;

/** What `--check-config` says about it. */
export function describeUnfurl(u: UnfurlConfig): string {
  if (!u || (!u.finding && !u.campaign)) return 'Link previews: off (WARDEN_CONFIG unfurl).';
  const what = [u.finding && `findings ${u.finding}`, u.campaign && `campaigns ${u.campaign}`].filter(
    Boolean,
  );
  const hosts = [
    ...new Set([u.finding, u.campaign].flatMap((p) => (p ? [new URL(p.replace('{id}', 'ID')).host] : []))),
  ];
  return `Link previews: ${what.join(', ')}${u.mappedPeopleOnly ? ', details only for people mapped to the tenant' : ''}; list ${hosts.join(', ')} in the manifest's unfurl_domains.`;
}
