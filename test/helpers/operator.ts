/**
 * The operator's credentials in tests: harnesses and test processes start Warden with this
 * ADMIN_TOKEN, and a test that reads /readyz's reasons or /metrics on the public port sends
 * OPERATOR's header (README "Operate": without it a stranger gets the status only).
 */
export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';
export const OPERATOR = { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } };
