import { describe, expect, it } from 'vitest';
import { chunksOf } from '../firstScreenPreload';

const chunk = (fileName: string, imports: string[], extra: { facadeModuleId?: string; isEntry?: boolean } = {}) => ({ type: 'chunk' as const, fileName, imports, ...extra });

describe('the first screen’s modulepreload', () => {
  const bundle = {
    'assets/index-1.js': chunk('assets/index-1.js', [], { facadeModuleId: '/repo/apps/admin/src/main.tsx', isEntry: true }),
    'assets/SearchPage-2.js': chunk('assets/SearchPage-2.js', ['assets/brandsQuery-3.js', 'assets/fields-4.js', 'assets/index-1.js'], { facadeModuleId: '/repo/apps/admin/src/features/search/SearchPage.tsx' }),
    'assets/brandsQuery-3.js': chunk('assets/brandsQuery-3.js', ['assets/fields-4.js']),
    'assets/fields-4.js': chunk('assets/fields-4.js', ['assets/index-1.js']),
    'assets/CardPage-5.js': chunk('assets/CardPage-5.js', ['assets/fields-4.js', 'assets/ConfirmDialog-6.js'], { facadeModuleId: '/repo/apps/admin/src/features/card/CardPage.tsx' }),
    'assets/ConfirmDialog-6.js': chunk('assets/ConfirmDialog-6.js', []),
    'assets/index.css': { type: 'asset' as const, fileName: 'assets/index.css' },
  };

  it('lists the search page’s chunk and every chunk it imports, once each, without the entry or other pages', () => {
    expect(chunksOf(bundle, 'src/features/search/SearchPage.tsx')).toEqual(['assets/SearchPage-2.js', 'assets/brandsQuery-3.js', 'assets/fields-4.js']);
  });

  it('finds nothing for a page that was not built (the plugin then fails the build)', () => {
    expect(chunksOf(bundle, 'src/features/reports/ReportsPage.tsx')).toEqual([]);
  });
});
