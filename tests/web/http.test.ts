import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, configureHttp, MESSAGES, request } from '../../src/net/http';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let onUnauthorized: ReturnType<typeof vi.fn<() => void>>;
beforeEach(() => {
  onUnauthorized = vi.fn<() => void>();
  configureHttp({ getToken: () => 'stored-token', onUnauthorized });
});
afterEach(() => vi.unstubAllGlobals());

describe('request', () => {
  it('sends the bearer token and JSON body', async () => {
    const fetch = vi.fn().mockResolvedValue(json(200, { ok: true }));
    vi.stubGlobal('fetch', fetch);
    await request('/api/x', { body: { a: 1 } });
    const [, init] = fetch.mock.calls[0]!;
    expect(init.method).toBe('POST');
    expect(init.headers.authorization).toBe('Bearer stored-token');
    expect(init.body).toBe('{"a":1}');
  });

  it('signs out on a 401 to a request that carried a token', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(401, { detail: 'nope' })));
    await expect(request('/api/auth/me')).rejects.toMatchObject({ status: 401, message: MESSAGES.unauthorized });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('shows the server detail for a 401 without a token (a failed login)', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(401, { detail: 'Incorrect email or password' })));
    await expect(request('/api/auth/login', { body: {}, token: null })).rejects.toMatchObject({
      message: 'Incorrect email or password',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('maps 408, message/detail fields and bare statuses to the catalogue', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(408, {})));
    await expect(request('/x')).rejects.toThrow(MESSAGES.serverTimeout);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(400, { message: 'from message' })));
    await expect(request('/x')).rejects.toThrow('from message');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('oops', { status: 502 })));
    await expect(request('/x')).rejects.toThrow('HTTP 502');
  });

  it('aborts after its time-out with the connection message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => new Promise((_resolve, reject) => {
        init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      })),
    );
    const error = await request('/slow', { timeoutMs: 20 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(MESSAGES.aborted);
  });

  it('rejects a response of the wrong shape with the given message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(200, { free: 1 })));
    await expect(
      request('/api/payment/pricing', { schema: z.object({ pro: z.number() }), invalidMessage: 'bad shape' }),
    ).rejects.toThrow('bad shape');
  });
});
