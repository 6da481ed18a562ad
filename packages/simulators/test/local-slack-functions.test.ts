import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalSlack, type LocalSlack } from '../src/slack/server.js';
import { startReceiver } from './event-receiver.js';

/**
 * Workflow Builder steps in the local Slack: a run delivers function_executed as Slack does (its
 * real shape, a function-scoped token), and ends only by functions.completeSuccess / completeError,
 * checked as Slack checks them.
 */

let slack: LocalSlack;
beforeEach(async () => {
  slack = await createLocalSlack();
  slack.functions.define({
    find_owner: {
      title: 'Find owner of finding',
      input_parameters: {
        properties: {
          finding_id: { type: 'string', title: 'Finding ID' },
          interactivity: { type: 'slack#/types/interactivity', title: 'Person who ran the workflow' },
        },
        required: ['finding_id', 'interactivity'],
      },
      output_parameters: {
        properties: {
          owner_found: { type: 'boolean', title: 'Owner found' },
          owner_user_id: { type: 'slack#/types/user_id', title: 'Owner' },
        },
        required: ['owner_found'],
      },
    },
  });
});
afterEach(() => slack.close());

async function api(method: string, args: Record<string, unknown>, token = slack.botToken) {
  const res = await request(`${slack.apiUrl}${method}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  return (await res.body.json()) as Record<string, unknown>;
}

describe('a workflow step run in the local Slack', () => {
  it('delivers function_executed, signed, with the execution id, inputs, definition and function token', async () => {
    const app = await startReceiver(() => slack.signingSecret);
    try {
      const { run, delivery } = slack.runStep(
        'find_owner',
        { finding_id: 'FND_1' },
        { url: app.url },
        {
          by: 'U0ALICE',
        },
      );
      expect((await delivery).delivered).toBe(true);
      const [got] = app.received;
      expect(got?.signed).toBe(true);
      expect(got?.json).toMatchObject({
        type: 'event_callback',
        api_app_id: 'A0WARDEN',
        event: {
          type: 'function_executed',
          function_execution_id: run.id,
          workflow_execution_id: run.workflowExecutionId,
          inputs: {
            finding_id: 'FND_1',
            interactivity: {
              interactor: { id: 'U0ALICE', secret: expect.stringMatching(/^[\w-]{40,}$/) },
              interactivity_pointer: expect.stringMatching(/^\d+\.\d+\.[0-9a-f]+$/),
            },
          },
          bot_access_token: run.token,
          function: {
            callback_id: 'find_owner',
            title: 'Find owner of finding',
            type: 'app',
            input_parameters: [
              { name: 'finding_id', type: 'string', is_required: true },
              { name: 'interactivity', type: 'slack#/types/interactivity', is_required: true },
            ],
          },
        },
      });
      expect(run.id).toMatch(/^Fx/);
      expect(run.status).toBe('running');
    } finally {
      await app.close();
    }
  });

  it('does not run a step with inputs Workflow Builder would not let through, unless told to', () => {
    // no person clicked (a scheduled trigger): there is no interactivity to give the step
    expect(() => slack.runStep('find_owner', { finding_id: 'FND_1' }, 'socket')).toThrow(
      /interactivity: is required/,
    );
    // a builder cannot type an interactivity in: only Slack gives one
    const forged = { interactor: { id: 'U0CISO', secret: 'x' }, interactivity_pointer: '1.2.3' };
    expect(() =>
      slack.runStep('find_owner', { finding_id: 'FND_1', interactivity: forged }, 'socket', { by: 'U0BOB' }),
    ).toThrow(/only Slack gives an interactivity/);
    expect(() => slack.runStep('nope', {}, 'socket')).toThrow(/no function nope/);
    const { run } = slack.runStep('find_owner', { finding_id: 7 }, 'socket', {
      unchecked: true,
      by: 'U0BOB',
    });
    expect(run.inputs.finding_id).toBe(7);
    expect(run.inputs.interactivity).toMatchObject({ interactor: { id: 'U0BOB' } });
    const sent = slack.runStep('find_owner', { finding_id: 'FND_1', interactivity: forged }, 'socket', {
      unchecked: true,
      by: 'U0BOB',
    }).run;
    expect(sent.inputs.interactivity).toEqual(forged);
    const none = slack.runStep('find_owner', { finding_id: 'FND_1' }, 'socket', { unchecked: true }).run;
    expect(none.inputs).toEqual({ finding_id: 'FND_1' });
  });

  it('completes once, with outputs of the declared types; then the run is over', async () => {
    const { run } = slack.runStep('find_owner', { finding_id: 'FND_1' }, 'socket', { by: 'U0ALICE' });
    expect(
      await api('functions.completeSuccess', {
        function_execution_id: run.id,
        outputs: { owner_found: 'yes' },
      }),
    ).toMatchObject({
      ok: false,
      error: 'parameter_validation_failed',
    });
    expect(
      await api('functions.completeSuccess', {
        function_execution_id: run.id,
        outputs: { extra: 1, owner_found: true },
      }),
    ).toMatchObject({
      ok: false,
      error: 'parameter_validation_failed',
    });
    expect(
      await api('functions.completeSuccess', { function_execution_id: run.id, outputs: {} }),
    ).toMatchObject({
      error: 'parameter_validation_failed',
    });
    expect(run.status).toBe('running');
    const ok = await api(
      'functions.completeSuccess',
      { function_execution_id: run.id, outputs: { owner_found: true, owner_user_id: 'U0BOB' } },
      run.token,
    );
    expect(ok).toEqual({ ok: true });
    expect(run).toMatchObject({
      status: 'completed',
      outputs: { owner_found: true, owner_user_id: 'U0BOB' },
    });
    expect(await api('functions.completeError', { function_execution_id: run.id, error: 'late' })).toEqual({
      ok: false,
      error: 'execution_not_in_running_state',
    });
  });

  it('fails a run with a readable error; unknown ids, other runs’ tokens and empty errors are refused', async () => {
    const { run } = slack.runStep('find_owner', { finding_id: 'FND_1' }, 'socket', { by: 'U0ALICE' });
    const other = slack.runStep('find_owner', { finding_id: 'FND_2' }, 'socket', { by: 'U0ALICE' }).run;
    expect(await api('functions.completeError', { function_execution_id: 'Fx0NOPE', error: 'x' })).toEqual({
      ok: false,
      error: 'function_execution_not_found',
    });
    expect(
      await api('functions.completeError', { function_execution_id: run.id, error: 'x' }, other.token),
    ).toEqual({
      ok: false,
      error: 'access_denied',
    });
    expect(await api('functions.completeError', { function_execution_id: run.id, error: ' ' })).toMatchObject(
      { ok: false },
    );
    expect(
      await api('functions.completeError', { function_execution_id: run.id, error: 'You may not.' }),
    ).toEqual({ ok: true });
    expect(run).toMatchObject({ status: 'failed', error: 'You may not.' });
    // a run's token is no good once the run is over
    expect(
      await api('functions.completeError', { function_execution_id: run.id, error: 'x' }, run.token),
    ).toMatchObject({
      ok: false,
      error: 'invalid_auth',
    });
  });
});
