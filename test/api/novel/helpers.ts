/**
 * Helpers of the novel API tests: the real server with the spider allowed to reach the
 * local stand-in novel site (spiderAllowPrivate), tokens per group, adding novels through
 * POST /api/novel/work/ and uploading through the shared client's multipart form.
 */
import { ApiClient, memoryToken, readBody } from '../../../src/api/client.js';
import { callApi, startTestServer, type ApiAnswer, type TestServer } from '../../helpers/server.js';
import { groupTokens, type Tokens } from '../admin/helpers.js';

export interface NovelServer {
  srv: TestServer;
  tokens: Tokens;
  /** A JSON call as the admin unless a token is given (null: no token). */
  api(method: string, path: string, token?: string | null, body?: unknown): Promise<ApiAnswer>;
  /** Adds a novel as the admin (the add form's values); answers its id. */
  add(values: Record<string, unknown>, token?: string): Promise<number>;
  /** POSTs a multipart TXT upload with the fields given. */
  upload(fields: Record<string, string>, file: Uint8Array | null, name?: string, token?: string | null): Promise<ApiAnswer>;
  close(): Promise<void>;
}

/** Starts the server (one attempt per fetch, no retry delay, private addresses allowed) with admin, user and guest tokens. */
export async function startNovelServer(): Promise<NovelServer> {
  const srv = await startTestServer({ config: { spiderAllowPrivate: true, retry: 1, retryDelay: 0, dlsiteTimeout: 5000 } });
  const tokens = await groupTokens(srv);
  const api = (method: string, path: string, token: string | null = tokens.admin, body?: unknown) => callApi(srv, method, path, token, body);
  return {
    srv,
    tokens,
    api,
    async add(values, token = tokens.admin) {
      const res = await api('POST', '/api/novel/work/', token, values);
      if (res.status !== 200) throw new Error(`add failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.id as number;
    },
    async upload(fields, file, name = 'novel.txt', token = tokens.admin) {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      if (file) form.set('file', new Blob([new Uint8Array(file)]), name);
      const client = new ApiClient({ baseUrl: srv.url, token: memoryToken(token) });
      const res = await client.send('POST', '/api/novel/work/uploadTxt/', { form });
      return { status: res.status, body: (await readBody(res)) ?? null, headers: res.headers };
    },
    close: () => srv.close(),
  };
}
