import type { FindingAudit } from './audit.js';
import { finding, type JsonFinding } from './finding-fixture.js';
import { SEED_IDS } from './seed-ids.js';

/**
 * Findings to contain (take access away through the tenant's tasks), faithful to the vendor's
 * schema, and the uses of a decoy credential as the tenant's audit trail records them. Not in the
 * default seed (other tests count the seed): a test or the demo puts them into the tenant.
 *
 * | finding          | type                      | target              | what can be taken away          |
 * |------------------|---------------------------|---------------------|---------------------------------|
 * | FND_CTN_DECOY    | decoyCredentialUsed       | decoy DCY_AWS_9     | its owner Dave Doe: offboarding |
 * | FND_CTN_EXPOSED  | credentialPubliclyExposed | GitHub account bob  | bob's grants; Bob Brown         |
 * | FND_CTN_SERVICE  | credentialPubliclyExposed | GitHub deploy-bot   | deploy-bot's grants (no person) |
 */
export function containFindings(): JsonFinding[] {
  return [
    finding('FND_CTN_DECOY', {
      severity: 'FINDING_SEVERITY_CRITICAL',
      appId: SEED_IDS.apps.aws,
      description: 'The decoy AWS key AKIA…DECOY9 planted on Dave’s laptop was used.',
      decoyCredentialUsed: { decoyId: 'DCY_AWS_9', kind: 'DECOY_CREDENTIAL_KIND_ACCESS_TOKEN' },
      decoyTarget: { decoyId: 'DCY_AWS_9' },
      // The person whose credential store held the decoy: the tenant names them as its owner.
      assignedOwner: { identityUserId: SEED_IDS.users.dave },
    }),
    finding('FND_CTN_EXPOSED', {
      severity: 'FINDING_SEVERITY_CRITICAL',
      description: 'Bob’s GitHub token was found in a public gist.',
      credentialPubliclyExposed: { credentialDisplayName: 'bob laptop token', userClientId: 'UC_BOB_2' },
      credentialPubliclyExposedEvidence: {
        credentialRevoked: false,
        fingerprintPrefix: 'ghp_Zx',
        firstObservedAt: '2026-11-20T09:12:00Z',
        firstScannerId: 'scanner-github-public',
        reportingScanners: ['scanner-github-public'],
        sourceKind: 'public_gist',
        sourceUrl: 'https://gist.example/bob/1',
      },
      appUserTarget: { appId: SEED_IDS.apps.github, appUserId: SEED_IDS.appUsers.bob },
      assignedOwner: { identityUserId: SEED_IDS.users.bob },
    }),
    finding('FND_CTN_SERVICE', {
      severity: 'FINDING_SEVERITY_HIGH',
      description: 'The deploy-bot token was pasted in a public issue.',
      credentialPubliclyExposed: { credentialDisplayName: 'deploy-bot token', userClientId: 'UC_DEPLOY' },
      credentialPubliclyExposedEvidence: {
        credentialRevoked: false,
        fingerprintPrefix: 'ghp_Qd',
        firstObservedAt: '2026-11-20T08:00:00Z',
        firstScannerId: 'scanner-github-public',
        reportingScanners: ['scanner-github-public'],
        sourceKind: 'public_issue',
        sourceUrl: 'https://github.example/acme/app/issues/7',
      },
      appUserTarget: { appId: SEED_IDS.apps.github, appUserId: SEED_IDS.appUsers.deployBot },
    }),
  ];
}

/** The secret a decoy's user presented: in the tenant's record, never in Slack (tests look for it). */
export const DECOY_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYDECOYSECRET';

const AGENTS = [
  'aws-cli/2.15.30 Python/3.11.8 Linux/6.5.0 exe/x86_64.ubuntu.22',
  'Boto3/1.34.69 md/Botocore#1.34.69 ua/2.0 os/linux#6.5.0 lang/python#3.12.2',
  // What an attacker's tool chose to send: live mrkdwn if Warden did not escape it.
  '<!channel> curl/8.4.0 <https://evil.example|click me>',
  'aws-sdk-go-v2/1.25.2 os/linux lang/go#1.22.1',
];
const ENDPOINTS = [
  '/sts/GetCallerIdentity',
  '/s3/ListBuckets',
  '/iam/ListUsers',
  '/secretsmanager/ListSecrets',
];

/**
 * One use of a decoy credential, as an OCSF Authentication event (class 3002) the way the tenant
 * keeps it on the finding's audit trail (`FindingAuditEvent.ocsf`): when, from where, with what,
 * against which endpoint — and the material presented, which Warden must never show.
 */
export function decoyUse(i: number, at: number): Record<string, unknown> {
  return {
    class_uid: 3002,
    class_name: 'Authentication',
    activity_id: 1,
    status: 'Success',
    time: at,
    src_endpoint: { ip: `198.51.100.${10 + i}`, port: 40_000 + i },
    http_request: {
      http_method: 'POST',
      user_agent: AGENTS[i % AGENTS.length],
      url: { hostname: 'sts.amazonaws.example', path: ENDPOINTS[i % ENDPOINTS.length] },
      http_headers: [
        { name: 'Authorization', value: `AWS4-HMAC-SHA256 Credential=AKIADECOY9/${DECOY_SECRET}` },
      ],
    },
    unmapped: { presented_secret: DECOY_SECRET },
  };
}

/**
 * Records `count` uses of the decoy on the finding's audit trail, a minute apart from `from`
 * (EVIDENCE_UPDATED events carrying the OCSF event): what the tenant would have recorded.
 */
export function recordDecoyUses(audit: FindingAudit, f: JsonFinding, count: number, from: number): void {
  for (let i = 0; i < count; i++) {
    const at = from + i * 60_000;
    audit.record(f, 'EVIDENCE_UPDATED', at, { ocsf: decoyUse(i, at) });
  }
}
