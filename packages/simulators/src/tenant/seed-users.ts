/**
 * Identity users of the sandbox tenant, as `c1.api.user.v1.User` JSON (vendor-openapi-subset.json):
 * only fields the schema has, enums by name, fields at their zero value left out as proto3 JSON
 * may. Each stands for a case of mapping a tenant owner to a Slack person (by email, api-facts.md
 * "More operations"); the local Slack's people (slack/workspace.ts) are the other side:
 *
 * | tenant        | Slack        | case                                             |
 * |---------------|--------------|--------------------------------------------------|
 * | IU_ALICE      | U0ALICE      | a member; a second address in `emails`           |
 * | IU_BOB        | U0BOB        | a member                                         |
 * | IU_CAROL      | U0CAROL      | a member                                         |
 * | IU_DAVE       | U0DAVE       | a member                                         |
 * | IU_GUS        | U0GUEST      | a guest in Slack (is_restricted)                 |
 * | IU_HANNA      | U0HANNA      | Slack hides her email: no lookup finds her       |
 * | IU_FRANK      | U0FRANK      | deactivated in Slack (deleted: true)             |
 * | IU_STRANGER   | –            | no Slack account at all                          |
 * | IU_NOEMAIL    | –            | a service identity without any email             |
 * | IU_SSO        | –            | SSO-made: the username is the email, no display  |
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
    human('IU_ALICE', 'alice@acme.example', 'Alice Adams', {
      // A second address the directory knows: a search by either finds her.
      emails: ['alice@acme.example', 'alice.adams@acme.example'],
      jobTitle: 'Security Engineer',
      department: 'Security',
      managerIds: ['IU_CAROL'],
    }),
    human('IU_BOB', 'bob@acme.example', 'Bob Brown', { department: 'Security', managerIds: ['IU_CAROL'] }),
    human('IU_CAROL', 'carol@acme.example', 'Carol Chen', {
      jobTitle: 'Head of Security',
      department: 'Security',
    }),
    human('IU_DAVE', 'dave@acme.example', 'Dave Doe', { department: 'Platform' }),
    human('IU_GUS', 'gus@partner.example', 'Gus Guest', { employmentType: 'Contractor' }),
    human('IU_HANNA', 'hanna@acme.example', 'Hanna Hidden', { department: 'Finance' }),
    human('IU_FRANK', 'frank@acme.example', 'Frank Former', { department: 'Platform' }),
    human('IU_STRANGER', 'stranger@elsewhere.example', 'Sam Stranger', { origin: 'USER_ORIGIN_LOCAL' }),
    {
      // Made by an SSO directory: the username is the address and there is no display name, so
      // proto3 leaves `displayName` out. No Slack account has the address.
      id: 'IU_SSO',
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
      id: 'IU_NOEMAIL',
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
