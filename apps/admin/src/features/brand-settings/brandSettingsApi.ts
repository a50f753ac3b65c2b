import { queryOptions } from '@tanstack/react-query';
import {
  adminApi,
  brandDiffSchema,
  brandDraftSchema,
  brandVersionListSchema,
  publishedVersionSchema,
  restoredBrandDraftSchema,
  savedBrandDraftSchema,
  textDefaultsSchema,
  type AdminBrandFileInput,
} from '@tessera/contracts/admin';
import { callApi } from '../../lib/http';

/** Everything of one brand's settings, so a save, publish or restore refreshes all of it at once. */
export const brandSettingsKey = (code: string) => ['brand-settings', code] as const;

/**
 * The draft the editor starts from. Fetched once per brand and then only after this page changes
 * it (save, restore): a refetch must never replace what the person is typing.
 */
export const draftQuery = (code: string) =>
  queryOptions({
    queryKey: [...brandSettingsKey(code), 'draft'],
    queryFn: () => callApi(adminApi.brandDraft.build({ code }), brandDraftSchema),
    staleTime: Infinity,
  });

/** What publishing would change: asked for when the publish dialog opens. */
export const diffQuery = (code: string) =>
  queryOptions({
    queryKey: [...brandSettingsKey(code), 'diff'],
    queryFn: () => callApi(adminApi.brandDraftDiff.build({ code }), brandDiffSchema),
    staleTime: 0,
  });

export const versionsQuery = (code: string) =>
  queryOptions({
    queryKey: [...brandSettingsKey(code), 'versions'],
    queryFn: () => callApi(adminApi.brandVersions.build({ code }), brandVersionListSchema),
  });

/** Tessera's own texts per language: the same for every brand and every visit. */
export const textDefaultsQuery = queryOptions({
  queryKey: ['text-defaults'],
  queryFn: () => callApi(adminApi.textDefaults.build(), textDefaultsSchema),
  staleTime: Infinity,
});

export const saveDraft = (code: string, file: AdminBrandFileInput) => callApi(adminApi.brandDraft.build({ code }), savedBrandDraftSchema, { method: 'PUT', body: file });

export const publishBrand = (code: string) => callApi(adminApi.publishBrand.build({ code }), publishedVersionSchema, { method: 'POST', body: {} });

export const restoreVersion = (code: string, version: number) =>
  callApi(adminApi.restoreBrandVersion.build({ code, version: String(version) }), restoredBrandDraftSchema, { method: 'POST', body: {} });

/**
 * The stylesheet's text, for the editor's text area: the file names it by a URL of the server's
 * (published, or a draft's by content hash) or as a data: URL once replaced.
 */
export async function readStylesheet(url: string): Promise<string> {
  if (url.startsWith('data:')) return decodeDataUrl(url);
  const response = await fetch(url, { credentials: 'same-origin', headers: { accept: 'text/css' } });
  if (!response.ok) throw new Error(`stylesheet ${response.status}`);
  return response.text();
}

/** A data: URL's text (base64 or percent-encoded), read as UTF-8. */
export function decodeDataUrl(url: string): string {
  const comma = url.indexOf(',');
  const meta = url.slice(5, comma);
  const data = url.slice(comma + 1);
  if (!meta.endsWith(';base64')) return decodeURIComponent(data);
  const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Text (UTF-8) as a base64 data: URL of `type`, as the draft takes new content. */
export function textAsDataUrl(text: string, type: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:${type};base64,${btoa(binary)}`;
}
