import type { Executor } from './executor.js';

export async function findBrandTranslations(db: Executor, brandId: string, culture: string): Promise<Record<string, string>> {
  const rows = await db
    .selectFrom('brand_translations')
    .select(['key', 'text'])
    .where('brand_id', '=', brandId)
    .where('culture', '=', culture)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.text]));
}

export async function replaceBrandTranslations(
  db: Executor,
  brandId: string,
  byCulture: Record<string, Record<string, string>>,
): Promise<void> {
  await db.deleteFrom('brand_translations').where('brand_id', '=', brandId).execute();
  const rows = Object.entries(byCulture).flatMap(([culture, texts]) =>
    Object.entries(texts).map(([key, text]) => ({ brand_id: brandId, culture, key, text })),
  );
  // Chunked: SQLite limits the number of bound parameters per statement.
  for (let i = 0; i < rows.length; i += 200) {
    await db.insertInto('brand_translations').values(rows.slice(i, i + 200)).execute();
  }
}

/** Every text override of a brand, by culture (what `brands export` writes back into a brand file). */
export async function listBrandTranslations(db: Executor, brandId: string): Promise<Record<string, Record<string, string>>> {
  const rows = await db
    .selectFrom('brand_translations')
    .select(['culture', 'key', 'text'])
    .where('brand_id', '=', brandId)
    .orderBy('culture')
    .orderBy('key')
    .execute();
  const byCulture: Record<string, Record<string, string>> = {};
  for (const row of rows) (byCulture[row.culture] ??= {})[row.key] = row.text;
  return byCulture;
}
