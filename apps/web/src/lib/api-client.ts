import type { ErrorCode } from '@studio/shared/errors';

/**
 * The one HTTP client of the web app (STYLE.md: components never call fetch).
 * Every call sends the session cookie, JSON bodies go out with a JSON content
 * type, and a failed answer becomes an `ApiError` carrying the server's
 * `{"error": code}` so screens can map it to Polish text in one place
 * (`~/lib/error-messages`).
 */

/** A code the server sent, or `unknown` when the body was not our JSON error shape. */
export type ApiErrorCode = ErrorCode | 'unknown';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  /** Seconds to wait, from `Retry-After` (only on 429 and 503 in practice). */
  readonly retryAfter?: number;
  /** `validation_failed` lists which fields the server refused. */
  readonly details?: unknown;

  constructor(init: {
    status: number;
    code: ApiErrorCode;
    retryAfter?: number;
    details?: unknown;
  }) {
    super(`${init.status} ${init.code}`);
    this.status = init.status;
    this.code = init.code;
    if (init.retryAfter !== undefined) this.retryAfter = init.retryAfter;
    if (init.details !== undefined) this.details = init.details;
  }
}

/** The request never got an answer (offline, DNS, connection reset, CORS refusal). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(options?: { cause?: unknown }) {
    super('network_error', options);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
export const isNetworkError = (error: unknown): error is NetworkError =>
  error instanceof NetworkError;
/** By name: fetch implementations may throw a DOMException from another realm. */
export const isAbortError = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { name?: unknown }).name === 'AbortError';

export interface RequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * The answer to this very request, already asked for (the page's head starts
   * `me` before any module loads: lib/session.ts); read as if fetched here.
   */
  started?: Promise<Response>;
}

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0..1, or null while the browser does not know the total size yet. */
  fraction: number | null;
}

export interface UploadOptions extends RequestOptions {
  method?: 'POST' | 'PUT' | 'PATCH';
  onProgress?: (progress: UploadProgress) => void;
}

/** `Retry-After` is either delta-seconds or an HTTP date; both become whole seconds. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toApiError(status: number, body: unknown, retryAfterHeader: string | null): ApiError {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const code =
    typeof record.error === 'string' && record.error ? (record.error as ErrorCode) : 'unknown';
  const retryAfter = parseRetryAfter(retryAfterHeader);
  return new ApiError({
    status,
    code,
    ...(retryAfter !== undefined ? { retryAfter } : {}),
    ...(record.details !== undefined ? { details: record.details } : {}),
  });
}

/** A file the server sent as an attachment (e.g. the data export ZIP). */
export interface DownloadedFile {
  blob: Blob;
  /** From `Content-Disposition`, without any directory part; null when the server named none. */
  filename: string | null;
}

/**
 * The file name of a `Content-Disposition` header. `filename*` (RFC 5987,
 * UTF-8 percent-encoded) wins over `filename`, as browsers do. Any directory
 * part is dropped: the name only ever becomes an <a download> attribute.
 */
export function parseContentDispositionFilename(header: string | null): string | null {
  if (!header) return null;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim();
  if (extended) {
    const encoded = /^[\w!#$%&+.^`|~-]+'[^']*'(.+)$/.exec(extended.replace(/^"|"$/g, ''))?.[1];
    if (encoded) {
      try {
        name = decodeURIComponent(encoded);
      } catch {
        name = null;
      }
    }
  }
  if (!name) {
    const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/i.exec(header);
    name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim() ?? null;
  }
  const base = name?.split(/[/\\]/).pop()?.trim();
  return base ? base : null;
}

/**
 * Told of every 401 `unauthorized` answer: the session this browser sent is
 * no longer valid (revoked elsewhere, „To nie ja”, expired). lib/session.ts
 * decides whether the browser believed itself signed in and says so. A wrong
 * password at login is 401 `invalid_credentials` and never reaches it.
 */
export type UnauthorizedListener = (path: string) => void;

export interface ApiClientOptions {
  /** Prefix for every path; empty in the app (same origin), a test server's URL in tests. */
  baseUrl?: string;
  onUnauthorized?: UnauthorizedListener;
}

const isSessionGone = (error: ApiError) => error.status === 401 && error.code === 'unauthorized';

export function createApiClient({ baseUrl = '', onUnauthorized }: ApiClientOptions = {}) {
  /** An error answer, after telling the listener when it says the session is gone. */
  function failed(path: string, error: ApiError): ApiError {
    if (isSessionGone(error)) onUnauthorized?.(path);
    return error;
  }

  async function request<T>(
    method: string,
    path: string,
    body: unknown,
    options: RequestOptions = {},
  ): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    const init: RequestInit = { method, credentials: 'include', headers };
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    if (options.signal) init.signal = options.signal;

    let response: Response;
    try {
      response = await (options.started ?? fetch(baseUrl + path, init));
    } catch (error) {
      // A deliberate cancel is not a network failure: callers ignore it.
      if (isAbortError(error)) throw error;
      throw new NetworkError({ cause: error });
    }

    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new NetworkError({ cause: error });
    }
    const data = parseJson(text);
    if (!response.ok) {
      throw failed(path, toApiError(response.status, data, response.headers.get('Retry-After')));
    }
    return data as T;
  }

  /**
   * GET of a file (an attachment, not JSON), or a POST when `json` is given: the body as a Blob plus the name
   * from `Content-Disposition`. Errors are the same as for `request`: the
   * server's `{"error": code}` becomes an ApiError, no answer a NetworkError.
   */
  async function download(
    path: string,
    options: RequestOptions & { json?: unknown } = {},
  ): Promise<DownloadedFile> {
    const headers: Record<string, string> = { Accept: '*/*', ...options.headers };
    const init: RequestInit = { method: 'GET', credentials: 'include', headers };
    // A download that needs a confirmation (the data export's password) is a POST with JSON.
    if (options.json !== undefined) {
      init.method = 'POST';
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(options.json);
    }
    if (options.signal) init.signal = options.signal;

    let response: Response;
    try {
      response = await fetch(baseUrl + path, init);
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new NetworkError({ cause: error });
    }

    try {
      if (!response.ok) {
        const data = parseJson(await response.text());
        throw failed(path, toApiError(response.status, data, response.headers.get('Retry-After')));
      }
      const blob = await response.blob();
      return {
        blob,
        filename: parseContentDispositionFilename(response.headers.get('Content-Disposition')),
      };
    } catch (error) {
      // A connection cut while the body streams in is a network failure too.
      if (isApiError(error) || isAbortError(error)) throw error;
      throw new NetworkError({ cause: error });
    }
  }

  /**
   * Multipart upload through XMLHttpRequest, because fetch cannot report
   * upload progress. The browser sets the multipart Content-Type (with its
   * boundary) itself, so none is set here.
   */
  function upload<T>(path: string, formData: FormData, options: UploadOptions = {}): Promise<T> {
    const { signal, onProgress, headers = {}, method = 'POST' } = options;
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted) {
        reject(new DOMException('The upload was aborted.', 'AbortError'));
        return;
      }
      const xhr = new XMLHttpRequest();
      xhr.open(method, baseUrl + path);
      xhr.withCredentials = true;
      xhr.setRequestHeader('Accept', 'application/json');
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);

      const onAbortSignal = () => xhr.abort();
      signal?.addEventListener('abort', onAbortSignal, { once: true });
      const cleanup = () => signal?.removeEventListener('abort', onAbortSignal);

      if (onProgress) {
        xhr.upload.addEventListener('progress', (event) => {
          onProgress({
            loaded: event.loaded,
            total: event.total,
            fraction: event.lengthComputable && event.total > 0 ? event.loaded / event.total : null,
          });
        });
      }
      xhr.addEventListener('load', () => {
        cleanup();
        const data = parseJson(xhr.responseText);
        if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
        else {
          reject(failed(path, toApiError(xhr.status, data, xhr.getResponseHeader('Retry-After'))));
        }
      });
      xhr.addEventListener('error', () => {
        cleanup();
        reject(new NetworkError());
      });
      xhr.addEventListener('timeout', () => {
        cleanup();
        reject(new NetworkError());
      });
      xhr.addEventListener('abort', () => {
        cleanup();
        reject(new DOMException('The upload was aborted.', 'AbortError'));
      });
      xhr.send(formData);
    });
  }

  return {
    get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
    post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('POST', path, body, options),
    patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PATCH', path, body, options),
    put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PUT', path, body, options),
    /** `json` is the body of a DELETE that names what it removes (a push endpoint is no path segment). */
    delete: <T>(path: string, options: RequestOptions & { json?: unknown } = {}) => {
      const { json, ...rest } = options;
      return request<T>('DELETE', path, json, rest);
    },
    upload,
    download,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Listens to the app client's 401 `unauthorized` answers; returns the way to stop. */
export function onApiUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** The app talks to its own origin; the server serves both the API and the pages. */
export const api: ApiClient = createApiClient({
  onUnauthorized: (path) => {
    for (const listener of unauthorizedListeners) listener(path);
  },
});
