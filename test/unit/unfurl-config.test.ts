import { describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { describeUnfurl } from '../../src/config-sections/unfurl.js';
import { ConfigError } from '../../src/errors.js';

/** WARDEN_CONFIG `unfurl:` and what `--check-config` says about it (src/main.ts prints describeUnfurl). */

const problemsOf = (yaml: string): string => {
  try {
    parseConfigFile(yaml, 'u.yaml');
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return '';
};

describe('--check-config on unfurl:', () => {
  it('says which links are previewed, for whom, and which hosts go in unfurl_domains', () => {
    const { unfurl } = parseConfigFile(
      'unfurl:\n  finding: https://console.example.com/findings/{id}\n  campaign: https://reviews.example.com/c/{id}/view\n',
      'u.yaml',
    );
    expect(describeUnfurl(unfurl)).toBe(
      'Link previews: findings https://console.example.com/findings/{id}, campaigns https://reviews.example.com/c/{id}/view, ' +
        "details only for people mapped to the tenant; list console.example.com, reviews.example.com in the manifest's unfurl_domains.",
    );
  });

  it('one host listed once; mappedPeopleOnly false is not claimed', () => {
    const { unfurl } = parseConfigFile(
      'unfurl:\n  finding: https://console.example.com/findings/{id}\n  campaign: https://console.example.com/campaigns/{id}\n  mappedPeopleOnly: false\n',
      'u.yaml',
    );
    const said = describeUnfurl(unfurl);
    expect(said).not.toMatch(/mapped/);
    expect(said).toMatch(/list console\.example\.com in the manifest's unfurl_domains\.$/);
  });

  it('off when absent or with no pattern', () => {
    expect(describeUnfurl(parseConfigFile('', 'u.yaml').unfurl)).toBe(
      'Link previews: off (WARDEN_CONFIG unfurl).',
    );
    expect(describeUnfurl(parseConfigFile('unfurl: {}\n', 'u.yaml').unfurl)).toMatch(/^Link previews: off/);
  });

  it('a pattern that is not https with one {id} in its path, or an unknown key: a clear problem, named', () => {
    const bad = [
      'unfurl:\n  finding: http://console.example.com/findings/{id}\n',
      'unfurl:\n  finding: https://console.example.com/findings/{id}/{id}\n',
      'unfurl:\n  finding: https://console.example.com/findings?id={id}\n',
      'unfurl:\n  finding: https://console.example.com/findings\n',
      'unfurl:\n  finding: not a url {id}\n',
    ];
    for (const yaml of bad) {
      expect(problemsOf(yaml)).toMatch(
        /unfurl\.finding: .*https address with exactly one \{id\} in its path/,
      );
    }
    expect(problemsOf('unfurl:\n  findings: https://console.example.com/findings/{id}\n')).toMatch(/unfurl/);
  });
});
