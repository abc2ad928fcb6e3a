import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, errorMessage, NetworkError } from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('api client', () => {
  it('sends the session cookie and no content type without a body', async () => {
    const fetchMock = stubFetch(json({ ok: true }));
    await api.get('/api/user');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/user',
      expect.objectContaining({ method: 'GET', credentials: 'include' }),
    );
    const init = (fetchMock.mock.calls[0] as unknown[])[1] as RequestInit;
    expect(init.headers).not.toHaveProperty('Content-Type');
    expect(init.body).toBeUndefined();
  });

  it('sends JSON with its content type when there is a body', async () => {
    const fetchMock = stubFetch(json({ id: '1' }));
    await api.post('/api/login', { email: 'a@b.com', password: 'x' });
    const init = (fetchMock.mock.calls[0] as unknown[])[1] as RequestInit;
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"email":"a@b.com","password":"x"}');
  });

  it('adds non-empty query parameters', async () => {
    const fetchMock = stubFetch(json([]));
    await api.get('/api/leads', { params: { q: 'ana', eventoId: undefined, page: 2, data: '' } });
    expect((fetchMock.mock.calls[0] as unknown[])[0]).toBe('/api/leads?q=ana&page=2');
  });

  it("throws ApiError with the server's message, status and field errors", async () => {
    stubFetch(json({ message: 'Dados inválidos', errors: { email: 'Email inválido' } }, 400));
    const error = await api.post('/api/franquias', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Dados inválidos', errors: { email: 'Email inválido' } });
  });

  it('falls back to the status text when the body has no message', async () => {
    stubFetch(new Response('oops', { status: 502, statusText: 'Bad Gateway' }));
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, message: 'Bad Gateway' });
    expect(errorMessage(error, 'Erro ao redefinir senha')).toBe('Erro ao redefinir senha');
  });

  it('turns a failed connection into the pt-BR connection message', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(errorMessage(error, 'fallback')).toBe('Erro de conexão. Tente novamente.');
  });

  it('reads the total of a list from X-Total-Count', async () => {
    stubFetch(json([{ id: 1 }, { id: 2 }], 200, { 'X-Total-Count': '57' }));
    await expect(api.list('/api/leads')).resolves.toEqual({ items: [{ id: 1 }, { id: 2 }], total: 57, exact: true });
  });

  it('says when the server stopped counting at the cap (X-Total-Count-Exact: false, issue 21)', async () => {
    stubFetch(json([{ id: 1 }], 200, { 'X-Total-Count': '10000', 'X-Total-Count-Exact': 'false' }));
    await expect(api.list('/api/leads')).resolves.toEqual({ items: [{ id: 1 }], total: 10000, exact: false });
  });

  it('reads the cursors of the pages beside this one (issue 46), none where the answer names none', async () => {
    stubFetch(json([{ id: 1 }], 200, { 'X-Total-Count': '90', 'X-Next-Cursor': 'n-1', 'X-Prev-Cursor': 'p-1' }));
    const page = await api.list('/api/leads');
    expect([page.next, page.prev]).toEqual(['n-1', 'p-1']);
    stubFetch(json([{ id: 1 }], 200, { 'X-Total-Count': '1' }));
    const only = await api.list('/api/leads');
    expect([only.next, only.prev]).toEqual([undefined, undefined]);
  });
});
