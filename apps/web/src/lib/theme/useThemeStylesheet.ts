import { useEffect } from 'react';
import { brandApi } from '@tessera/contracts';

/** Injects the brand's custom.css after our own styles, so its custom properties win. */
export function useThemeStylesheet(slug: string | null): void {
  useEffect(() => {
    if (!slug) return;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = brandApi.customCss.build({ id: slug });
    link.dataset.themeStylesheet = slug;
    document.head.appendChild(link);
    return () => link.remove();
  }, [slug]);
}
