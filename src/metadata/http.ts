/**
 * HTTP client of the metadata crawler (spec 001 sections 3 and 9: timeouts, retry,
 * retry delay, parallelism, HTTP proxy). Built on undici: its ProxyAgent tunnels through
 * an HTTP proxy with CONNECT, its redirect interceptor follows the store's redirects.
 *
 * Every request:
 * - waits for one of `maxParallelism` slots (requests in flight, across all works);
 * - gets `timeout` ms per attempt for the whole answer, body included;
 * - is tried up to `retry` times in all, `retryDelay` ms apart, when the failure may pass
 *   (network error, timeout, 408, 429, 5xx); a 404 or another 4xx is final at once;
 * - stops at once when the caller's AbortSignal aborts (rejecting with its reason).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { LookupFunction } from 'node:net';
import fs from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, ProxyAgent, interceptors, request, type Dispatcher } from 'undici';
import { describeOsError, errorCode, type Config } from '../config/index.js';
import { Semaphore, throwIfAborted } from '../library/limit.js';
import { say, type CodedText } from '../model/index.js';

/** Largest answer read (bytes): a store page is ~200 KB, a cover well under 1 MB. */
const MAX_BODY_BYTES = 20 * 1024 * 1024;
const MAX_REDIRECTIONS = 3;
const USER_AGENT = 'Mozilla/5.0 (compatible; audiolib metadata crawler)';

export interface HttpClientOptions {
  /** Attempts per request in all, >= 1 (config `retry`). */
  retry: number;
  /** Milliseconds between two attempts (config `retryDelay`). */
  retryDelay: number;
  /** Requests in flight at most (config `maxParallelism`). */
  maxParallelism: number;
  /** HTTP proxy as `http://host:port`, or null for a direct connection. */
  proxy: string | null;
  /** Redirects followed per request (default 3); 0: `fetch` answers them to the caller. */
  maxRedirections?: number;
  /** Resolves host names of direct connections (node's dns.lookup by default); may refuse an address. */
  lookup?: LookupFunction;
}

/** A 2xx answer, or a 3xx one (`fetch` of a client following no redirects). */
export interface HttpAnswer { status: number; headers: IncomingHttpHeaders; body: Buffer }

export interface GetOptions {
  /** Milliseconds allowed per attempt, headers and body (config `dlsiteTimeout` / `hvdbTimeout`). */
  timeout: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Called before each new attempt: the attempt number about to start (2, 3, ...) and the last error. */
  onRetry?: (attempt: number, error: FetchError) => void;
  /** Largest answer read in bytes (default 20 MiB); a larger one is a non-retryable FetchError. */
  maxBytes?: number;
}

/**
 * A request that failed for good. `status` is the HTTP status, or null for network errors
 * and timeouts; `text` says why as a coded text (`fetch.http`, `fetch.timedOut`,
 * `fetch.unreachable`...), its English the error's message.
 */
export class FetchError extends Error {
  constructor(
    readonly text: CodedText,
    readonly url: string,
    readonly status: number | null,
    readonly attempts: number,
    readonly retryable: boolean,
  ) {
    super(text.message);
    this.name = 'FetchError';
  }

  /** True when the server said the thing does not exist (404 or 410). */
  get notFound(): boolean {
    return this.status === 404 || this.status === 410;
  }
}

/** An answer larger than the caller's limit (`download`'s maxBytes): never retried. */
export class TooLargeError extends FetchError {
  constructor(readonly size: number, readonly limit: number, url: string, attempts: number) {
    super(say('fetch.tooLargeDownload', { size, limit, url }), url, 200, attempts, false);
    this.name = 'TooLargeError';
  }
}

/** Network errors with a coded cause, by errno code; others are said in words (describeOsError). */
const NETWORK_CAUSES: Readonly<Record<string, CodedText>> = {
  ECONNREFUSED: say('network.refused'),
  ECONNRESET: say('network.reset'),
  ENOTFOUND: say('network.hostNotFound'),
  ETIMEDOUT: say('network.timedOut'),
  UND_ERR_CONNECT_TIMEOUT: say('network.timedOut'),
  EHOSTUNREACH: say('network.unreachable'),
};

/** Why a connection failed: a coded text for the usual causes, else the cause in words. */
function causeOf(err: unknown): CodedText | string {
  const code = errorCode(err);
  return (code && NETWORK_CAUSES[code]) || describeOsError(err);
}

/**
 * The proxy URI of the crawler config (spec 001 section 9): port 0 means no proxy; an
 * empty host with a port means a proxy on the local machine (127.0.0.1).
 * Returns `http://host:port` or null.
 */
export function proxyUri(host: string, port: number): string | null {
  if (!port) return null;
  const h = host.trim() || '127.0.0.1';
  return `http://${h.includes(':') && !h.startsWith('[') ? `[${h}]` : h}:${port}`;
}

/** A GET-only client with the crawler's timeout, retry, parallelism and proxy rules. Call `close()` when done. */
export class HttpClient {
  private readonly dispatcher: Dispatcher;
  private readonly base: Agent | ProxyAgent;
  private readonly slots: Semaphore;

  constructor(private readonly options: HttpClientOptions) {
    const connect = options.lookup ? { lookup: options.lookup } : undefined;
    this.base = options.proxy ? new ProxyAgent({ uri: options.proxy }) : new Agent({ connect });
    this.dispatcher = this.base.compose(interceptors.redirect({ maxRedirections: options.maxRedirections ?? MAX_REDIRECTIONS }));
    this.slots = new Semaphore(options.maxParallelism);
  }

  /**
   * GETs `url` and returns the body bytes of a 2xx answer.
   * Throws FetchError after the last attempt (or at once for a non-retryable status),
   * or the signal's reason when `opts.signal` aborts.
   */
  async get(url: string, opts: GetOptions): Promise<Buffer> {
    return (await this.fetch(url, opts, false)).body;
  }

  /**
   * GETs `url` like `get` and answers its status, headers and body; with
   * `redirects` true a 3xx answer (which reaches here only when the client follows no
   * redirects itself, maxRedirections 0) is answered too, with an empty body.
   */
  async fetch(url: string, opts: GetOptions, redirects = true): Promise<HttpAnswer> {
    return this.withRetries(opts, (attempt) => this.attempt(url, opts, attempt, redirects));
  }

  /**
   * GETs `url` into the file `file` (created or truncated) and answers the bytes written:
   * a large answer (a trial archive) streamed to disk. `opts.timeout` is the silence
   * allowed between two chunks, not the whole transfer. An answer whose Content-Length or
   * whose bytes exceed `opts.maxBytes` is refused at once (TooLargeError, not retried).
   * `onProgress(bytes, total)` follows every chunk (`total` from Content-Length, else null).
   * Retries like `get` (the file restarts empty). Throws FetchError or the signal's reason.
   */
  async download(url: string, file: string, opts: DownloadOptions): Promise<number> {
    return this.withRetries(opts, (attempt) => this.attemptDownload(url, file, opts, attempt));
  }

  /** Runs `fn` (one attempt) up to `retry` times with the slot, delay and abort rules of the file comment. */
  private async withRetries<T>(opts: GetOptions, fn: (attempt: number) => Promise<T>): Promise<T> {
    const attempts = Math.max(1, this.options.retry);
    for (let attempt = 1; ; attempt++) {
      throwIfAborted(opts.signal);
      const release = await this.slots.acquire(opts.signal);
      let error: FetchError;
      try {
        return await fn(attempt);
      } catch (err) {
        throwIfAborted(opts.signal);
        error = err as FetchError;
      } finally {
        release();
      }
      if (!error.retryable || attempt >= attempts) throw error;
      opts.onRetry?.(attempt + 1, error);
      if (this.options.retryDelay > 0) {
        try {
          await sleep(this.options.retryDelay, undefined, { signal: opts.signal });
        } catch {
          throwIfAborted(opts.signal);
        }
      }
    }
  }

  /** `get` decoded as UTF-8 text. */
  async getText(url: string, opts: GetOptions): Promise<string> {
    return (await this.get(url, opts)).toString('utf8');
  }

  /** `get` parsed as JSON; a body that is not JSON is a non-retryable FetchError. */
  async getJson(url: string, opts: GetOptions): Promise<unknown> {
    const text = await this.getText(url, opts);
    try {
      return JSON.parse(text);
    } catch {
      throw new FetchError(say('fetch.notJson', { url }), url, 200, 1, false);
    }
  }

  /** Closes the connections (and the proxy tunnel). */
  async close(): Promise<void> {
    await this.base.close();
  }

  /**
   * Sends the GET and answers a 2xx response (or, with `redirects`, a 3xx one); another
   * status is a FetchError (retryable for 408, 429, 5xx).
   */
  private async open(url: string, opts: GetOptions, attempt: number, signal: AbortSignal, redirects = false): Promise<Dispatcher.ResponseData> {
    const res = await request(url, {
      method: 'GET',
      dispatcher: this.dispatcher,
      signal,
      headers: { 'user-agent': USER_AGENT, accept: '*/*', ...opts.headers },
    });
    const redirect = redirects && res.statusCode >= 300 && res.statusCode < 400;
    if (!redirect && (res.statusCode < 200 || res.statusCode >= 300)) {
      await res.body.dump().catch(() => undefined);
      const retryable = res.statusCode === 408 || res.statusCode === 429 || res.statusCode >= 500;
      throw new FetchError(say('fetch.http', { status: res.statusCode, url }), url, res.statusCode, attempt, retryable);
    }
    return res;
  }

  /** A failure of one attempt as a FetchError (the caller's abort is rethrown as its reason). */
  private failure(err: unknown, url: string, opts: GetOptions, timeout: AbortSignal, attempt: number): unknown {
    if (err instanceof FetchError) return err;
    if (opts.signal?.aborted) return opts.signal.reason;
    if (timeout.aborted) return new FetchError(say('fetch.timedOut', { ms: opts.timeout, url }), url, null, attempt, true);
    const cause = causeOf(err);
    const { proxy } = this.options;
    return new FetchError(proxy ? say('fetch.unreachableProxy', { url, proxy, cause }) : say('fetch.unreachable', { url, cause }), url, null, attempt, true);
  }

  private async attempt(url: string, opts: GetOptions, attempt: number, redirects: boolean): Promise<HttpAnswer> {
    const timeout = AbortSignal.timeout(opts.timeout);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    try {
      const res = await this.open(url, opts, attempt, signal, redirects);
      if (res.statusCode >= 300) {
        await res.body.dump().catch(() => undefined);
        return { status: res.statusCode, headers: res.headers as IncomingHttpHeaders, body: Buffer.alloc(0) };
      }
      const maxBytes = opts.maxBytes ?? MAX_BODY_BYTES;
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > maxBytes) {
          discard(res.body);
          throw new FetchError(say('fetch.tooLarge', { limit: maxBytes, url }), url, res.statusCode, attempt, false);
        }
        chunks.push(chunk as Buffer);
      }
      return { status: res.statusCode, headers: res.headers as IncomingHttpHeaders, body: Buffer.concat(chunks) };
    } catch (err) {
      throw this.failure(err, url, opts, timeout, attempt);
    }
  }

  private async attemptDownload(url: string, file: string, opts: DownloadOptions, attempt: number): Promise<number> {
    // the timeout is the silence allowed between chunks: restarted on every chunk
    const idle = new AbortController();
    let timer = setTimeout(() => idle.abort(), opts.timeout);
    const signal = opts.signal ? AbortSignal.any([opts.signal, idle.signal]) : idle.signal;
    const out = await fs.open(file, 'w');
    try {
      const res = await this.open(url, opts, attempt, signal);
      const length = Number(res.headers['content-length']);
      const total = Number.isFinite(length) && length >= 0 ? length : null;
      if (total !== null && total > opts.maxBytes) {
        discard(res.body);
        throw new TooLargeError(total, opts.maxBytes, url, attempt);
      }
      let size = 0;
      opts.onProgress?.(0, total);
      for await (const chunk of res.body) {
        clearTimeout(timer);
        timer = setTimeout(() => idle.abort(), opts.timeout);
        size += (chunk as Buffer).length;
        if (size > opts.maxBytes) {
          discard(res.body);
          throw new TooLargeError(size, opts.maxBytes, url, attempt);
        }
        await out.write(chunk as Buffer);
        opts.onProgress?.(size, total);
      }
      return size;
    } catch (err) {
      throw this.failure(err, url, opts, idle.signal, attempt);
    } finally {
      clearTimeout(timer);
      await out.close();
    }
  }
}

/**
 * Stops reading an answer's body. undici reports a body destroyed before its end as an
 * 'error' (RequestAbortedError); nobody reads it any more, so that error is dropped here
 * instead of surfacing as an unhandled one.
 */
function discard(body: NodeJS.ReadableStream & { destroy(): void }): void {
  body.on('error', () => undefined);
  body.destroy();
}

export interface DownloadOptions extends GetOptions {
  /** Largest answer accepted, in bytes. */
  maxBytes: number;
  /** Bytes written so far and the announced total (null without Content-Length). */
  onProgress?: (bytes: number, total: number | null) => void;
}

/** The crawler's client built from the config keys of spec 001 section 3. */
export function httpClientFromConfig(config: Config): HttpClient {
  return new HttpClient({
    retry: config.retry,
    retryDelay: config.retryDelay,
    maxParallelism: config.maxParallelism,
    proxy: proxyUri(config.httpProxyHost, config.httpProxyPort),
  });
}
