import { inspect } from 'node:util';

const REDACTED = '[redacted]';

/**
 * A secret value (token, client secret, signing secret). It prints as `[redacted]` however it
 * is logged, serialised or interpolated; the value is read only through `reveal()`, so a leak
 * needs a deliberate call that a reviewer can see.
 */
export class Secret {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return REDACTED;
  }

  toJSON(): string {
    return REDACTED;
  }

  [inspect.custom](): string {
    return REDACTED;
  }
}
