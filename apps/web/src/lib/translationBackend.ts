import type { BackendModule, ReadCallback } from 'i18next';
import { brandApi } from '@tessera/contracts';

/**
 * Whether a failed read is worth another try. i18next core retries a read whose callback gets
 * (err, true): up to maxRetries times, waiting retryTimeout and doubling
 * (docs/product/common.md#translations). A network error, a timeout, rate limiting and server
 * errors are passing; any other answer will not change.
 */
export function isRetryable(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/**
 * The i18next backend: GET /api/translations/:slug?culture=:lng (docs/product/README.md#flows:
 * texts per brand slug). Without a brand slug (the home page, a bare 404) there is nothing to load
 * and the bundled core texts are used. Parallelism and retries are i18next's own (maxParallelReads,
 * maxRetries, retryTimeout), so this module only reads once and says whether a failure may be
 * retried.
 */
export function createTranslationBackend(getSlug: () => string | null): BackendModule {
  return {
    type: 'backend',
    callbackApi: true,
    init() {},
    read(language: string, _namespace: string, callback: ReadCallback) {
      const slug = getSlug();
      if (!slug) {
        callback(null, {});
        return;
      }
      const url = brandApi.translations.build({ slug }, { culture: language });
      fetch(url, { headers: { accept: 'application/json' } }).then(
        async (response) => {
          if (!response.ok) {
            callback(new Error(`translations ${url}: HTTP ${response.status}`), isRetryable(response.status));
            return;
          }
          let data: unknown;
          try {
            data = await response.json();
          } catch {
            callback(new Error(`translations ${url}: not JSON`), false);
            return;
          }
          callback(null, data as Record<string, string>);
        },
        (error: unknown) => callback(new Error(`translations ${url}: ${String(error)}`), true),
      );
    },
  };
}
