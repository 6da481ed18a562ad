import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/errors.js';
import { createLogger, scrubEmails } from '../../../src/logger.js';

/** A logger writing into an array, one parsed line each. */
function capture() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { log: createLogger('debug', sink), lines };
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;

describe('every log line is scrubbed of email addresses (issue 24, item 10)', () => {
  it('in the message, an error’s message and stack, nested fields, keys and a child’s bindings', () => {
    const { log, lines } = capture();
    const error = new ApiError('The tenant refused. The tenant said: "no user bob@acme.example"', {
      kind: 'invalid',
      operation: 'searchUsers',
      status: 400,
      processed: 'yes',
      serverMessage: 'no user bob@acme.example',
    });
    log
      .child({ asked: 'carol@acme.example' })
      .warn(
        { err: error, deep: { list: ['x', { who: 'Dave <dave@acme.example>' }] }, 'eve@partner.example': 1 },
        'lookup for %s failed',
        'alice.adams@acme.example',
      );
    expect(lines).toHaveLength(1);
    const line = lines[0] ?? '';
    expect(line).not.toMatch(EMAIL);
    const parsed = JSON.parse(line);
    expect(parsed).toMatchObject({
      level: 'warn',
      asked: '[email hidden]',
      msg: 'lookup for [email hidden] failed',
      err: { serverMessage: 'no user [email hidden]', stack: expect.stringContaining('[email hidden]') },
      deep: { list: ['x', { who: 'Dave <[email hidden]>' }] },
      '[email hidden]': 1,
    });
    expect(line.endsWith('\n')).toBe(true);
  });

  it('leaves a line without an address as it was, and keeps JSON escapes intact', () => {
    const plain = '{"level":"info","msg":"a \\"quoted\\" word\\nand a line"}\n';
    expect(scrubEmails(plain)).toBe(plain);
    const escaped = '{"msg":"first line\\nbob@acme.example said \\"hi\\""}\n';
    expect(JSON.parse(scrubEmails(escaped))).toEqual({ msg: 'first line\n[email hidden] said "hi"' });
  });
});
