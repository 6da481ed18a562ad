/**
 * Who belongs to the organisation that installed Warden (its workspace, and its Enterprise Grid
 * organisation if any). Slack Connect brings people of other organisations into shared channels,
 * with their own team and an email *their* organisation asserts (slack-facts.md "People and
 * workspaces"): such an email proves nothing about who they are to the tenant, so only members of
 * the installing organisation are ever mapped to a tenant user. Pure.
 */

export interface Organisation {
  /** The installing workspace (SLACK_TEAM_ID, checked against auth.test at start). */
  teamId: string;
  /** Its Enterprise Grid organisation (SLACK_ENTERPRISE_ID), if any. */
  enterpriseId: string | undefined;
}

export interface OrganisationOf {
  /** The person's own workspace (users.info `team_id`). */
  teamId: string | undefined;
  /** The person's Enterprise Grid organisation (users.info `enterprise_user.enterprise_id`). */
  enterpriseId?: string | undefined;
}

export function ofOurOrganisation(person: OrganisationOf, ours: Organisation): boolean {
  // Slack always says a person's team; an answer without one is the installing workspace's own.
  if (person.teamId === undefined || person.teamId === ours.teamId) return true;
  // Another workspace of the same Enterprise Grid organisation is still the organisation.
  const grid = person.enterpriseId;
  return grid !== undefined && (grid === ours.enterpriseId || grid === ours.teamId);
}
