import { z } from 'zod';
import { PermissionsSchema } from './permissions.js';
import { channelId } from './values.js';

/**
 * WARDEN_CONFIG `workspaces`: the workspaces Warden serves when it is installed by OAuth (one
 * tenant behind all of them). An install for a workspace or organisation not named here is
 * refused, and so is a request from one. Each may have its own permissions (and approvers),
 * the channels that are its own, and the channel its admins are told in (Slack Connect).
 */

const teamId = z.string().regex(/^T[A-Z0-9]{2,}$/, { message: 'must be a Slack workspace id (T…)' });
const enterpriseId = z.string().regex(/^E[A-Z0-9]{2,}$/, { message: 'must be an organisation id (E…)' });

export const WorkspaceSchema = z
  .object({
    team: teamId,
    /** The Enterprise Grid organisation (for an org-wide install). */
    enterprise: enterpriseId.optional(),
    name: z.string().min(1).max(80).optional(),
    /** Channels of this workspace besides those its routes name (digests, `/warden show`). */
    channels: z.array(channelId).default([]),
    /** Where its admins are told when one of its channels becomes shared with another organisation. */
    adminChannel: channelId.optional(),
    /** This workspace's own permissions and approvers; the top-level `permissions` when absent. */
    permissions: PermissionsSchema.optional(),
  })
  .strict();

export type WorkspaceConfig = z.output<typeof WorkspaceSchema>;

export const WorkspacesSchema = z
  .array(WorkspaceSchema)
  .default([])
  .refine((all) => new Set(all.map((w) => w.team)).size === all.length, {
    message: 'each workspace once',
  });
