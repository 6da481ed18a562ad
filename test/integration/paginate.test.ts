import type { SandboxTenant } from '@warden/simulators';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../src/errors.js';
import type { TenantClient } from '../../src/tenant/client.js';
import { searchFindings } from '../../src/tenant/findings.js';
import { clampPageSize, gather, paginate } from '../../src/tenant/paginate.js';
import { clientFor, seen, startSandbox } from '../helpers/tenant.js';

let sandbox: SandboxTenant;
let client: TenantClient;

beforeEach(async () => {
  sandbox = await startSandbox();
  client = clientFor(sandbox, 'static');
});
afterEach(async () => {
  await client.close();
  await sandbox.close();
});

const searches = () => seen(sandbox, 'POST', /\/findings\/search$/).map((r) => JSON.parse(r.body));

describe('clampPageSize', () => {
  it('keeps the spec range 10..100, default 25', () => {
    expect([undefined, 1, 10, 55, 100, 1_000, Number.NaN].map(clampPageSize)).toEqual([
      25, 10, 10, 55, 100, 100, 25,
    ]);
  });
});

describe('POST paging (finding search)', () => {
  it('walks every page: no token first, then each nextPageToken, in the body', async () => {
    const total = sandbox.findings.all(Date.now()).length;
    const all = await gather(searchFindings(client, {}, { pageSize: 10 }));
    expect(all).toHaveLength(total);
    expect(new Set(all.map((f) => f.id)).size).toBe(total);
    const bodies = searches();
    expect(bodies).toHaveLength(Math.ceil(total / 10));
    expect(bodies[0]).toEqual({ page_size: 10 });
    expect(typeof bodies[1].page_token).toBe('string');
    expect(bodies[1].page_token).not.toBe('');
  });

  it('clamps the page size it sends', async () => {
    await gather(searchFindings(client, {}, { pageSize: 3 }), 1);
    await gather(searchFindings(client, {}, { pageSize: 5_000 }), 1);
    expect(searches().map((b) => b.page_size)).toEqual([10, 100]);
  });

  it('stops early at a limit, without fetching further pages', async () => {
    const some = await gather(searchFindings(client, {}, { pageSize: 10, limit: 12 }));
    expect(some).toHaveLength(12);
    expect(searches()).toHaveLength(2);
  });

  it('sends the filters with every page', async () => {
    const open = await gather(searchFindings(client, { states: ['FINDING_STATE_OPEN'] }, { pageSize: 10 }));
    expect(open.length).toBeGreaterThan(10);
    expect(open.every((f) => f.state === 'FINDING_STATE_OPEN')).toBe(true);
    expect(searches().every((b) => b.states?.[0] === 'FINDING_STATE_OPEN')).toBe(true);
  });

  it('refuses a page token the server already returned', async () => {
    const page = { list: [{ id: 'F1' }], nextPageToken: 'again' };
    sandbox.faults.add({ path: /search$/, status: 200, body: page, times: 5 });
    const iterator = searchFindings(client, {});
    const ids: string[] = [];
    const error = await (async () => {
      try {
        for await (const f of iterator) ids.push(f.id);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect(String(error)).toMatch(/already returned/);
    expect(ids).toEqual(['F1', 'F1']);
    expect(searches()).toHaveLength(2);
  });

  it('refuses an item it cannot read, naming where', async () => {
    sandbox.faults.add({
      path: /search$/,
      status: 200,
      body: { list: [{ id: 'F1' }, { state: 'x' }], nextPageToken: '' },
    });
    await expect(gather(searchFindings(client, {}))).rejects.toThrow(/page 1, item 2/);
  });

  it('treats a null list and a missing token as the end', async () => {
    sandbox.faults.add({ path: /search$/, status: 200, body: { list: null } });
    expect(await gather(searchFindings(client, {}))).toEqual([]);
  });
});

describe('GET paging', () => {
  it('puts page_size and page_token in the query string', async () => {
    sandbox.faults.add({
      path: '/api/v1/things',
      status: 200,
      body: { list: [{ n: 1 }], nextPageToken: 'p/2' },
    });
    sandbox.faults.add({
      path: '/api/v1/things',
      status: 200,
      body: { list: [{ n: 2 }], nextPageToken: '' },
    });
    const items = await gather(
      paginate(client, {
        operation: 'listThings',
        method: 'GET',
        path: '/api/v1/things',
        query: { filter: 'x' },
        item: z.object({ n: z.number() }),
      }),
    );
    expect(items).toEqual([{ n: 1 }, { n: 2 }]);
    const paths = seen(sandbox, 'GET', /things/).map((r) => r.rawPath);
    expect(paths).toEqual([
      '/api/v1/things?filter=x&page_size=25',
      '/api/v1/things?filter=x&page_size=25&page_token=p%2F2',
    ]);
  });
});
