/**
 * Finding and campaign ids as people type them or as they ride in Block Kit values. The tenant
 * issues KSUIDs (27 alphanumerics); this accepts a little more (the sandbox's readable ids,
 * separators), and nothing that could change a URL path or a mrkdwn string.
 */
const RESOURCE_ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;

export function isResourceId(text: string): boolean {
  return RESOURCE_ID.test(text) && !text.includes('..');
}
