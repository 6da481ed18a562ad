import type { Ports } from '../../ports/index.js';

/**
 * Whether a person may decide four-eyes requests: four-eyes is configured, they are a full member
 * of this workspace (not a guest, a bot or a person of another organisation) and in the
 * approvers' group. Who sees every pending request (`/warden approvals`, the Home tab) follows.
 */
export async function isApprover(
  p: Pick<Ports, 'people' | 'groups' | 'settings'>,
  userId: string,
  /** The group asked about: risk acceptances' unless told (containments have their own). */
  approvers: string | undefined = p.settings.approvers,
): Promise<boolean> {
  if (!approvers) return false;
  try {
    const person = await p.people.get(userId);
    if (
      person.isGuest ||
      person.isBot ||
      (person.teamId !== undefined && person.teamId !== p.settings.teamId)
    )
      return false;
  } catch {
    return false;
  }
  return p.groups.isMember(userId, [approvers]);
}
