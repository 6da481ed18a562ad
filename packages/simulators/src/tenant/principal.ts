/**
 * Who a request acts as, read from its bearer token. The tenant records it on everything it
 * changes (a finding's `stateUpdatedById`, a task's approval, an audit entry): Warden's service
 * principal for its own client credentials, the person for a device flow's token or for one of
 * their personal clients (`cone login`'s credential: actions taken with it are the person's own).
 */
export interface Principal {
  /** The identity user acting (the service principal is a user of its own in the tenant). */
  userId: string;
  /** The client whose credential got the token. */
  clientId: string;
  kind: 'service' | 'device' | 'personal';
}

/** The principal Warden's client credentials act as: its changes name it as `stateUpdatedById` and audit actor. */
export const SERVICE_PRINCIPAL = 'IU_WARDEN_SERVICE';
