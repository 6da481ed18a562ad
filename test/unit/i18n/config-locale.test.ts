import { describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../../src/config-file.js';
import { channelLocalesOf, describeLanguages } from '../../../src/domain/routing.js';
import { ConfigError } from '../../../src/errors.js';

const withRule = (locale: string) => `routing:
  rules:
    - channel: C0SECOPSDE
      locale: ${locale}
    - channel: C0SECOPS
`;

describe('routing.rules[].locale', () => {
  it('gives a channel its language; ja-JP is read as Japanese; other channels speak English', () => {
    expect(channelLocalesOf(parseConfigFile(withRule('de'), 'test').routing.rules).get('C0SECOPSDE')).toBe(
      'de',
    );
    const ja = channelLocalesOf(parseConfigFile(withRule('ja-JP'), 'test').routing.rules);
    expect([...ja]).toEqual([['C0SECOPSDE', 'ja']]);
    expect(describeLanguages(parseConfigFile(withRule('de'), 'test').routing.rules)).toContain(
      'C0SECOPSDE: German',
    );
  });

  it('refuses a language Warden does not speak, naming the rule and the languages it does', () => {
    let error: unknown;
    try {
      parseConfigFile(withRule('fr'), 'test');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(String((error as Error).message)).toMatch(/routing\.rules\.0\.locale/);
    expect(String((error as Error).message)).toMatch(/en, de, ja/);
  });
});
