import type { AttestRules } from '../domain/attest.js';
import type { ClosureReason } from '../domain/closure.js';
import type { ContainRules } from '../domain/contain.js';
import type { Policy } from '../domain/policy.js';
import type { RoutingRule } from '../domain/routing.js';
import type { Locale } from '../i18n/locale.js';
import type { Logger } from '../logger.js';
import type { Metrics } from '../metrics.js';
import type { AccessReviewsPort } from './access-reviews.js';
import type { AskStore } from './asks.js';
import type { CardClaims } from './card-claims.js';
import type { ContainStore, TasksPort } from './contain.js';
import type { HomeViews, LifecycleStore } from './lifecycle.js';
import type { NamesPort } from './names.js';
import type { NoteStore } from './notes.js';
import type { OwnersPort } from './owners.js';
import type { RollupStore } from './rollups.js';
import type { ChartPort, SlaSettings, SlaStore } from './sla.js';
import type {
  ChatPort,
  ConnectGuard,
  FilePort,
  GroupsPort,
  HistoryPort,
  LinksPort,
  PeoplePort,
  PrivatePort,
  StepsPort,
  ViewsPort,
} from './slack.js';
import type { IdentityProvider, StepUpSettings, StepUpStore } from './step-up.js';
import type { ApprovalStore, AuditLog, MessageIndex, OutboxStore, OwnerNotices, SeenStore } from './store.js';
import type { CampaignsPort, FindingsPort } from './tenant.js';
import type { Timers } from './timers.js';

export type { Timers } from './timers.js';

/** Warden's one clock: milliseconds since the epoch. Tests pass their own. */
export type Clock = () => number;

/** What an operator set (WARDEN_CONFIG and a few variables), as the use cases read it. */
export interface Settings {
  /** The workspace Warden serves (audit entries carry it). */
  /**
   * Several workspaces served (OAuth): all their ids. A person whose own workspace is one of
   * them may act here (Enterprise Grid people belong to several); anyone else is another's.
   */
  servedTeams?: readonly string[] | undefined;
  teamId: string;
  /** The Enterprise Grid organisation of the workspace, if any (SLACK_ENTERPRISE_ID). */
  enterpriseId: string | undefined;
  slashCommand: string;
  limits: {
    /** Longest risk acceptance, in days. */
    riskAcceptanceMaxDays: number;
    /** Longest snooze, in days. */
    snoozeMaxDays: number;
  };
  policy: Policy;
  /** Four-eyes for accept risk: the approvers' user group, when configured. */
  approvers: string | undefined;
  approvalTtlMs: number;
  /** How reasons record who acted in Slack. */
  attributionTemplate: string;
  /** Offer the deprecated Unsuppress next to Reopen (WARDEN_CONFIG `cards.offerUnsuppress`). */
  offerUnsuppress: boolean;
  /**
   * The longest a state change can take (every retry of the tenant request and the read-back
   * included): an in-flight claim's lease, and the age past which an unsettled attempt in the
   * audit log is known to be a dead process's (reconcile-attempts.ts).
   */
  changeDeadlineMs: number;
  /**
   * This process's id in the store's leases (store/instance-lease.ts), written on each audit
   * attempt: once its lease is gone, another process reconciles what it left (reconcile-attempts.ts).
   */
  instanceId: string;
  /** Why a finding is closed: the list the Resolve and Suppress forms ask from. */
  closureReasons: readonly ClosureReason[];
  /** How long before a snooze or risk acceptance ends its reminder goes (0: none). */
  remindBeforeMs: number;
  /** Notify owner: one notification per finding and owner within this (WARDEN_CONFIG `cards.notifyCooldown`). */
  notifyCooldownMs: number;
  /** The workspace's address (auth.test), for links to messages; none when Slack did not say. */
  workspaceUrl: string | undefined;
  /** The workspace's name (auth.test), for the words that turn a person of another organisation away. */
  workspaceName?: string | undefined;
  /**
   * Attestation (WARDEN_CONFIG `attest`): the rules by finding type, and the alert routing an
   * escalation reads to find the route's critical channel.
   */
  attest: { rules: AttestRules; routing: readonly RoutingRule[]; defaultChannel: string | undefined };
  /**
   * Step-up verification (WARDEN_CONFIG `stepUp`): which actions need a fresh sign-in, where the
   * links point (WARDEN_PUBLIC_URL), and what the ID token must say of how the person signed in.
   */
  stepUp: StepUpSettings | undefined;
  /**
   * Containment (WARDEN_CONFIG `contain`): per finding type what Contain… offers, and the
   * approvers' group of its four-eyes (`permissions.contain.approvers`, else acceptRisk's).
   */
  contain?: { rules: ContainRules; approvers: string | undefined } | undefined;
  /** Link previews (WARDEN_CONFIG `unfurl`): the console's addresses; off when undefined. */
  unfurl?:
    | { finding?: string | undefined; campaign?: string | undefined; mappedPeopleOnly: boolean }
    | undefined;
  /** SLA clocks (WARDEN_CONFIG `sla`): off when undefined. */
  sla?: SlaSettings | undefined;
  /** Each channel's language, where a routing rule names one (`routing.rules[].locale`); else English. */
  channelLocales?: ReadonlyMap<string, Locale> | undefined;
}

/** What rendering a finding's card needs of the settings. */
export type CardSettings = Pick<Settings, 'attributionTemplate' | 'offerUnsuppress'> &
  Partial<Pick<Settings, 'contain' | 'channelLocales'>> &
  Pick<Settings, 'sla'>;

/** Findings with a state change in flight: a second click is refused. */
export interface InflightPort {
  /** True when this call took the finding; false when a change to it is already running. */
  claim(findingId: string): Promise<boolean>;
  release(findingId: string): Promise<void>;
  /**
   * Lets go of a claim a dead process left (its lease gone, its attempt reconciled), so the
   * person told "try again" can, instead of waiting out the claim's own lease.
   */
  releaseOrphaned(findingId: string, instanceId: string): Promise<void>;
}

/** What every use case may take: time, logs, metrics and what the operator set. */
export interface CorePorts {
  clock: Clock;
  /** The same clock's timers: every wait and tick a job makes (a test moves them). */
  timers: Timers;
  logger: Logger;
  metrics: Metrics;
  settings: Settings;
}

/** Slack's Web API, one narrow port per concern (slack/). */
export interface SlackPorts {
  chat: ChatPort;
  history: HistoryPort;
  views: ViewsPort;
  files: FilePort;
  people: PeoplePort;
  groups: GroupsPort;
  privately: PrivatePort;
  steps: StepsPort;
  /** chat.unfurl: a preview under a person's link (link_shared). */
  links: LinksPort;
}

/** The tenant's API (tenant/). */
export interface TenantPorts {
  findings: FindingsPort;
  campaigns: CampaignsPort;
  /** Revoke and offboarding tasks, and the reads that name what they take away (containment). */
  tasks: TasksPort;
  /** The names of a finding's target and app (cached, one read in flight per id). */
  names: NamesPort;
}

/** Warden's own records (store/): shared by replicas. */
export interface StorePorts {
  outbox: OutboxStore;
  /** Where cards are and what they showed; Notify owner's cooldown; a card's claim while it is posted. */
  cards: MessageIndex & OwnerNotices & CardClaims;
  seen: SeenStore;
  audit: AuditLog;
  approvals: ApprovalStore;
  inflight: InflightPort;
  rollups: RollupStore;
  /** Reminders, ends and digests scheduled in the store; who opened the Home tab. */
  lifecycle: LifecycleStore & HomeViews;
  /** Attestation asks: who was asked what, and the answer. */
  asks: AskStore;
  /** Actions waiting for a step-up verification (single-use links). */
  stepUps: StepUpStore;
  /** Notes attached to findings from Slack messages (shortcuts). */
  notes: NoteStore;
  /** Containments: the claim of each one's tenant call, and its task's follow-up schedule. */
  contains: ContainStore;
  /** SLA clocks (one row per finding); absent where a caller builds its own ports without them. */
  sla?: SlaStore;
}

/**
 * Every port Warden's use cases can be given, by concern. A use case declares the few it uses
 * with `Pick<Ports, …>`; the composition root builds the whole set once (wiring/ports.ts), and a
 * test builds only what the use case names.
 */
export interface Ports extends CorePorts, SlackPorts, TenantPorts, StorePorts {
  /** People mapped between the tenant and Slack (finding owners). */
  /** Slack Connect: which channels get a pointer instead of details (slack/connect-guard.ts). */
  connect?: ConnectGuard;
  owners: OwnersPort;
  /** The organisation's identity provider, when step-up verification is configured. */
  identity: IdentityProvider | undefined;
  /** Access reviews decided in Slack (WARDEN_CONFIG `reviews`), when configured. */
  accessReviews?: AccessReviewsPort | undefined;
  /** Charts drawn as PNG (the SLA report). */
  charts?: ChartPort;
}
