import { FALLBACK_LANGUAGE } from '@tessera/contracts';

/**
 * The language tags an Accept-Language header asks for, most wanted first, as written (en-GB):
 * without those refused with q=0; a malformed entry (or `*`) is skipped; a missing or empty header
 * asks for nothing.
 */
export function acceptedTags(header: string | undefined): string[] {
  if (!header) return [];
  const entries: { tag: string; q: number; order: number }[] = [];
  header
    .slice(0, 512)
    .split(',')
    .forEach((part, order) => {
      const [raw, ...params] = part.trim().split(';');
      const tag = raw?.trim() ?? '';
      if (!/^[a-zA-Z]{1,8}(?:-[a-zA-Z0-9]{1,8})*$/.test(tag)) return;
      let q = 1;
      for (const param of params) {
        const match = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
        if (match) q = Number(match[1]);
      }
      if (Number.isFinite(q) && q > 0) entries.push({ tag, q, order });
    });
  entries.sort((a, b) => b.q - a.q || a.order - b.order);
  return entries.map((e) => e.tag);
}

/** The languages an Accept-Language header asks for, most wanted first: primary subtags in lower case (en-GB → en), without duplicates. */
export function acceptedLanguages(header: string | undefined): string[] {
  return [...new Set(acceptedTags(header).map((tag) => tag.split('-')[0]!.toLowerCase()))];
}

/**
 * The language to write to a cardholder in: the first wanted one (the call's culture, then the
 * Accept-Language header) that the brand offers for the flow; else the fallback language (nl)
 * when offered; else the flow's first language; else the fallback. Only languages in `supported`
 * (those with texts) are ever chosen.
 */
export function chooseLanguage<L extends string>(
  wanted: readonly (string | undefined)[],
  offered: readonly string[],
  supported: readonly L[],
): L {
  const isSupported = (lang: string | undefined): lang is L => lang !== undefined && (supported as readonly string[]).includes(lang);
  const usable = offered.filter(isSupported);
  const found = wanted.find((lang) => isSupported(lang) && usable.includes(lang));
  if (isSupported(found)) return found;
  if (isSupported(FALLBACK_LANGUAGE) && usable.includes(FALLBACK_LANGUAGE)) return FALLBACK_LANGUAGE;
  if (usable[0] !== undefined) return usable[0];
  return (isSupported(FALLBACK_LANGUAGE) ? FALLBACK_LANGUAGE : supported[0]) as L;
}

/**
 * The language the web app shows a page in, as far as the server can see the browser's choice
 * (docs/product/common.md#languages): the query's `lng`, the `i18next` cookie, then the
 * Accept-Language tags in their order, the first the portal supports (an exact tag first, then a
 * primary subtag: en-GB → en, as i18next matches); nl when none is. Then kept to the flow's
 * languages as the web app does: the chosen one when the flow offers it, else the flow's first.
 * The web app corrects it after loading only when web storage names another language.
 */
export function pageLanguage(
  sources: { query?: string | undefined; cookie?: string | undefined; acceptLanguage?: string | undefined },
  supported: readonly string[],
  flowLanguages: readonly string[],
): string {
  const codes = [sources.query, sources.cookie, ...acceptedTags(sources.acceptLanguage)].filter((code): code is string => !!code && /^[A-Za-z0-9_@.-]{1,128}$/.test(code));
  const exact = codes.find((code) => supported.includes(code.toLowerCase()));
  const primary = codes.map((code) => code.split(/[-_]/)[0]!.toLowerCase()).find((code) => supported.includes(code));
  const detected = (exact ?? primary ?? FALLBACK_LANGUAGE).toLowerCase();
  return flowLanguages.includes(detected) ? detected : (flowLanguages[0] ?? FALLBACK_LANGUAGE);
}
