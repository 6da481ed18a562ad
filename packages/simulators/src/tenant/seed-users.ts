import { SEED_IDS } from './seed-ids.js';

/**
 * Identity users of the sandbox tenant, as `c1.api.user.v1.User` JSON (vendor-openapi-subset.json):
 * only fields the schema has, enums by name, fields at their zero value left out as proto3 JSON
 * may. Each stands for a case of mapping a tenant owner to a Slack person (by email, api-facts.md
 * "More operations"); the local Slack's people (slack/workspace.ts) are the other side. Ids are
 * opaque KSUIDs as a real tenant's are: `SEED_IDS.users.<key>` (seed-ids.ts), keys below.
 *
 * | SEED_IDS key  | Slack        | case                                             |
 * |---------------|--------------|--------------------------------------------------|
 * | alice         | U0ALICE      | a member; a second address in `emails`           |
 * | bob           | U0BOB        | a member                                         |
 * | carol         | U0CAROL      | a member                                         |
 * | dave          | U0DAVE       | a member                                         |
 * | gus           | U0GUEST      | a guest in Slack (is_restricted)                 |
 * | hanna         | U0HANNA      | Slack hides her email: no lookup finds her       |
 * | frank         | U0FRANK      | deactivated in Slack (deleted: true)             |
 * | stranger      | –            | no Slack account at all                          |
 * | noEmail       | –            | a service identity without any email             |
 * | sso           | –            | SSO-made: the username is the email, no display  |
 * |               |              | name (Warden names them by mention or id only)   |
 */

export type JsonUser = Record<string, unknown> & { id: string };

const CREATED = '2025-03-03T09:00:00Z';

function human(
  id: string,
  email: string,
  displayName: string,
  extra: Record<string, unknown> = {},
): JsonUser {
  const username = email.split('@')[0] ?? '';
  return {
    id,
    displayName,
    email,
    emails: [email],
    username,
    usernames: [username],
    status: 'ENABLED',
    directoryStatus: 'ENABLED',
    type: 'USER_TYPE_HUMAN',
    origin: 'USER_ORIGIN_DIRECTORY',
    createdAt: CREATED,
    updatedAt: CREATED,
    ...extra,
  };
}

export function seedUsers(): JsonUser[] {
  return [
    human(SEED_IDS.users.alice, 'alice@acme.example', 'Alice Adams', {
      // A second address the directory knows: a search by either finds her.
      emails: ['alice@acme.example', 'alice.adams@acme.example'],
      jobTitle: 'Security Engineer',
      department: 'Security',
      managerIds: [SEED_IDS.users.carol],
    }),
    human(SEED_IDS.users.bob, 'bob@acme.example', 'Bob Brown', {
      department: 'Security',
      managerIds: [SEED_IDS.users.carol],
    }),
    human(SEED_IDS.users.carol, 'carol@acme.example', 'Carol Chen', {
      jobTitle: 'Head of Security',
      department: 'Security',
    }),
    human(SEED_IDS.users.dave, 'dave@acme.example', 'Dave Doe', { department: 'Platform' }),
    human(SEED_IDS.users.gus, 'gus@partner.example', 'Gus Guest', { employmentType: 'Contractor' }),
    human(SEED_IDS.users.hanna, 'hanna@acme.example', 'Hanna Hidden', { department: 'Finance' }),
    human(SEED_IDS.users.frank, 'frank@acme.example', 'Frank Former', { department: 'Platform' }),
    human(SEED_IDS.users.stranger, 'stranger@elsewhere.example', 'Sam Stranger', {
      origin: 'USER_ORIGIN_LOCAL',
    }),
    {
      // Made by an SSO directory: the username is the address and there is no display name, so
      // proto3 leaves `displayName` out. No Slack account has the address.
      id: SEED_IDS.users.sso,
      email: 'pat.sso@acme.test',
      emails: ['pat.sso@acme.test'],
      username: 'pat.sso@acme.test',
      usernames: ['pat.sso@acme.test'],
      status: 'ENABLED',
      directoryStatus: 'ENABLED',
      type: 'USER_TYPE_HUMAN',
      origin: 'USER_ORIGIN_DIRECTORY',
      createdAt: CREATED,
      updatedAt: CREATED,
    },
    {
      // A service identity: no email at all, so proto3 leaves `email` and `emails` out.
      id: SEED_IDS.users.noEmail,
      displayName: 'Build Service',
      username: 'build-service',
      usernames: ['build-service'],
      status: 'ENABLED',
      type: 'USER_TYPE_SERVICE',
      origin: 'USER_ORIGIN_LOCAL',
      createdAt: CREATED,
      updatedAt: CREATED,
    },
  ];
}
