/**
 * A link to a Slack message (`https://acme.slack.com/archives/C123/p1700000000123456`), built
 * from the workspace's address (auth.test) without an API call. Undefined when Slack did not say
 * where the workspace is.
 */
export function messageLink(
  workspaceUrl: string | undefined,
  channel: string,
  ts: string,
): string | undefined {
  if (!workspaceUrl || !/^[CGD][A-Z0-9]+$/.test(channel) || !/^\d+\.\d+$/.test(ts)) return undefined;
  return `${workspaceUrl.replace(/\/+$/, '')}/archives/${channel}/p${ts.replace('.', '')}`;
}
