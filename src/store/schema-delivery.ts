/** Delivery's tables (issue 36): added to `Database` in schema.ts. */

/** A card being posted: (finding, channel) claimed by one poster until `claimed_until` (migration 0130). */
export interface CardClaimsTable {
  finding_id: string;
  channel: string;
  /** A random token of the claim (a retried claim knows its own row; a release lets go of its own only). */
  holder: string;
  claimed_until: number;
}

export interface DeliveryTables {
  card_claims: CardClaimsTable;
}
