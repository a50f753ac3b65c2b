import { useEffect } from 'react';
import { brandApi } from '@tessera/contracts';

/**
 * Injects the brand's custom.css after our own styles, so its custom properties win. A page the
 * server rendered has it in its head already (data-theme-stylesheet): that link is taken over, not
 * loaded twice.
 */
export function useThemeStylesheet(slug: string | null): void {
  useEffect(() => {
    if (!slug) return;
    const rendered = [...document.head.querySelectorAll<HTMLLinkElement>('link[data-theme-stylesheet]')].find((l) => l.dataset.themeStylesheet === slug);
    const link = rendered ?? document.createElement('link');
    if (!rendered) {
      link.rel = 'stylesheet';
      link.href = brandApi.customCss.build({ id: slug });
      link.dataset.themeStylesheet = slug;
      document.head.appendChild(link);
    }
    return () => link.remove();
  }, [slug]);
}
