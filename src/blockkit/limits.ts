/** Slack's Block Kit limits (api.slack.com/reference/block-kit): what Slack refuses beyond. */
export const SLACK_LIMITS = {
  blocksPerMessage: 50,
  blocksPerModal: 100,
  sectionText: 3_000,
  sectionField: 2_000,
  sectionFields: 10,
  headerText: 150,
  contextElements: 10,
  buttonText: 75,
  /** A button's `accessibility_label`, read by screen readers instead of its text. */
  accessibilityLabel: 75,
  buttonValue: 2_000,
  actionElements: 25,
  messageText: 40_000,
  /** The `text` fallback: Slack truncates past this, notifications show far less. */
  fallbackText: 3_000,
  modalTitle: 24,
  modalSubmit: 24,
  privateMetadata: 3_000,
  inputLabel: 2_000,
  optionText: 75,
  confirmTitle: 100,
  confirmText: 300,
} as const;
