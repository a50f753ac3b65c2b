import { brandApi } from '@tessera/contracts';
import { TextsReadError, type Texts } from './translator';

/**
 * Whether a failed read is worth another try (the translator retries it, docs/product/common.md#translations).
 * A network error, a timeout, rate limiting and server errors are passing; any other answer will
 * not change.
 */
export function isRetryable(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/**
 * One read of a brand's texts: GET /api/translations/:slug?culture=:lng (docs/product/README.md#flows:
 * texts per brand slug). Without a brand slug (the home page, a bare 404) there is nothing to load
 * and the bundled core texts are used. Parallelism and retries are the translator's.
 */
export async function readTranslations(slug: string | null, language: string): Promise<Texts> {
  if (!slug) return {};
  const url = brandApi.translations.build({ slug }, { culture: language });
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' } });
  } catch (error) {
    throw new TextsReadError(`translations ${url}: ${String(error)}`, true);
  }
  if (!response.ok) throw new TextsReadError(`translations ${url}: HTTP ${response.status}`, isRetryable(response.status));
  try {
    return (await response.json()) as Texts;
  } catch {
    throw new TextsReadError(`translations ${url}: not JSON`, false);
  }
}
