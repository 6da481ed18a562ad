import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../../src/errors.js';
import { encodePathSegment, MAX_ID_LENGTH } from '../../../src/tenant/path-segment.js';

describe('encodePathSegment', () => {
  it('passes ordinary ids through', () => {
    expect(encodePathSegment('FND0000000000000000000000001', 'finding id')).toBe(
      'FND0000000000000000000000001',
    );
  });

  it.each([
    ['../x', '..%2Fx'],
    ['a/b?c=1', 'a%2Fb%3Fc%3D1'],
    ['%2e%2e', '%252e%252e'],
    ['x#frag', 'x%23frag'],
  ])('encodes %s so it stays one segment', (id, encoded) => {
    expect(encodePathSegment(id, 'finding id')).toBe(encoded);
  });

  it.each(['', '.', '..', 'a b', 'a\nb', 'x'.repeat(MAX_ID_LENGTH + 1)])('refuses %j', (id) => {
    expect(() => encodePathSegment(id, 'finding id')).toThrow(InvalidInputError);
  });
});
