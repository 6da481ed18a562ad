/**
 * What the real Slack enforces, as its documentation states it — the simulator's own table, kept
 * apart from Warden's on purpose: a simulator that checks Warden against Warden's own numbers
 * cannot catch a wrong one. Sources (docs.slack.dev / api.slack.com), per figure below.
 */

/** Block Kit limits: Slack answers `invalid_blocks` (HTTP 200, ok:false) past these. */
export const BLOCK_KIT = {
  /** "You can include up to 50 blocks in each message" — reference/block-kit/blocks. */
  blocksPerMessage: 50,
  /** "…and 100 blocks in modals or Home tabs" — reference/block-kit/blocks. */
  blocksPerView: 100,
  /** Section `text`: "Maximum length for the text in this field is 3000 characters" — section block. */
  sectionText: 3_000,
  /** Section `fields`: "Maximum number of items is 10. Maximum length … is 2000 characters" — section block. */
  sectionFields: 10,
  sectionFieldText: 2_000,
  /** Header `text`: "Maximum length for the text in this field is 150 characters" — header block. */
  headerText: 150,
  /** Context `elements`: "Maximum number of items is 10" — context block. */
  contextElements: 10,
  /** Actions `elements`: "There is a maximum of 25 elements in each action block" — actions block. */
  actionElements: 25,
  /** Button `text` 75, `value` 2000, `url` 3000 — button element. */
  buttonText: 75,
  buttonValue: 2_000,
  buttonUrl: 3_000,
  /** Button `accessibility_label` (read by screen readers instead of its text): 75 — button element. */
  buttonAccessibilityLabel: 75,
  /** `action_id` and `block_id`: "Maximum length … is 255 characters" — elements / blocks. */
  idLength: 255,
  /** Select `options`: "Maximum number of options is 100"; option `text` 75 — select menus, composition objects. */
  selectOptions: 100,
  optionText: 75,
  /** Option `description`: "Maximum length … is 75 characters" — option composition object. */
  optionDescription: 75,
  /** Checkboxes `options`: "Maximum number of options is 10" — checkboxes element. */
  checkboxOptions: 10,
  /** Confirmation dialog: title 100, text 300, confirm / deny 30 — composition objects. */
  confirmTitle: 100,
  confirmText: 300,
  confirmButton: 30,
  /** Input `label` 2000, `hint` 2000 — input block. */
  inputLabel: 2_000,
  /** An element's `placeholder`: "Maximum length … is 150 characters" — block elements. */
  placeholder: 150,
  /** Modal `title`, `submit`, `close`: "Maximum length … is 24 characters"; `private_metadata` 3000 — view object. */
  viewTitle: 24,
  privateMetadata: 3_000,
  /** A view over 250 kB is refused (`view_too_large`) — views.open / views.update. */
  viewBytes: 250_000,
  /** Message `text`: truncated past 40,000 characters, 4,000 recommended — chat.postMessage. */
  messageText: 40_000,
} as const;

/**
 * Web API rate limits (docs.slack.dev/apis/web-api/rate-limits and each method's page). Tiers are
 * "per method, per workspace, per app"; chat.postMessage has its own special limit per channel.
 */
export const RATE_LIMITS = {
  /** chat.postMessage: "1 message per second per channel, with short bursts tolerated". */
  postMessagePerChannel: { perSecond: 1, burst: 3 },
  /** Tier 1: 1+ per minute. */
  tier1PerMinute: 1,
  /** Tier 2: 20+ per minute. */
  tier2PerMinute: 20,
  /** Tier 3: 50+ per minute (chat.update, conversations.history, conversations.replies). */
  tier3PerMinute: 50,
  /** Tier 4: 100+ per minute (chat.postEphemeral, views.*, users.info, users.lookupByEmail, usergroups.users.list). */
  tier4PerMinute: 100,
} as const;

/** Each method's tier, as its method page lists it. */
export const METHOD_TIER: Record<string, 1 | 2 | 3 | 4> = {
  'chat.update': 3,
  'chat.delete': 3,
  'conversations.history': 3,
  'conversations.replies': 3,
  'conversations.open': 3,
  'chat.postEphemeral': 4,
  'views.open': 4,
  'views.update': 4,
  'views.push': 4,
  'views.publish': 4,
  'users.info': 4,
  'users.lookupByEmail': 4,
  'usergroups.users.list': 2,
  'files.getUploadURLExternal': 4,
  'files.completeUploadExternal': 4,
  /**
   * chat.getPermalink: "Special rate limits apply"; its page says it "allows hundreds of requests
   * per minute". Modelled as Tier 4 (100+ per minute), the documented floor of that quota: a
   * caller that stays under it here stays under it in Slack.
   */
  'chat.getPermalink': 4,
};
