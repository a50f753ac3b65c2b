import type { BrandDraftsTable, BrandVersionsTable } from '../schema.js';
import type { Executor } from './executor.js';

/** A brand image or stylesheet by content (023): stored once, however many drafts and versions name it. */
export interface BrandFileContent {
  hash: string;
  contentType: string;
  content: Buffer;
}

/** Stores contents not stored yet (a content hash already there is the same bytes). */
export async function storeBrandFileContents(db: Executor, files: readonly BrandFileContent[], now: string): Promise<void> {
  for (const file of files) {
    await db
      .insertInto('brand_files')
      .values({ hash: file.hash, content_type: file.contentType, content: file.content, size: file.content.length, created_at: now })
      .onConflict((oc) => oc.column('hash').doNothing())
      .execute();
  }
}

export async function findBrandFileContent(db: Executor, hash: string): Promise<BrandFileContent | undefined> {
  const row = await db.selectFrom('brand_files').select(['hash', 'content_type', 'content']).where('hash', '=', hash).executeTakeFirst();
  return row && { hash: row.hash, contentType: row.content_type, content: Buffer.from(row.content) };
}

export async function findBrandDraft(db: Executor, brandId: string): Promise<BrandDraftsTable | undefined> {
  return db.selectFrom('brand_drafts').selectAll().where('brand_id', '=', brandId).executeTakeFirst();
}

export async function saveBrandDraft(db: Executor, draft: BrandDraftsTable): Promise<void> {
  await db
    .insertInto('brand_drafts')
    .values(draft)
    .onConflict((oc) => oc.column('brand_id').doUpdateSet({ file_json: draft.file_json, based_on_version: draft.based_on_version, updated_at: draft.updated_at, updated_by: draft.updated_by }))
    .execute();
}

export async function deleteBrandDraft(db: Executor, brandId: string): Promise<void> {
  await db.deleteFrom('brand_drafts').where('brand_id', '=', brandId).execute();
}

export async function latestBrandVersion(db: Executor, brandId: string): Promise<BrandVersionsTable | undefined> {
  return db.selectFrom('brand_versions').selectAll().where('brand_id', '=', brandId).orderBy('version', 'desc').limit(1).executeTakeFirst();
}

export async function findBrandVersion(db: Executor, brandId: string, version: number): Promise<BrandVersionsTable | undefined> {
  return db.selectFrom('brand_versions').selectAll().where('brand_id', '=', brandId).where('version', '=', version).executeTakeFirst();
}

/** Every version of a brand, newest first, without their files. */
export async function listBrandVersions(db: Executor, brandId: string): Promise<Pick<BrandVersionsTable, 'version' | 'published_at' | 'published_by' | 'change_count'>[]> {
  return db
    .selectFrom('brand_versions')
    .select(['version', 'published_at', 'published_by', 'change_count'])
    .where('brand_id', '=', brandId)
    .orderBy('version', 'desc')
    .execute();
}

/** The file JSON of every version and the draft of a brand: which contents the brand may name. */
export async function listBrandFileJsons(db: Executor, brandId: string): Promise<string[]> {
  const versions = await db.selectFrom('brand_versions').select('file_json').where('brand_id', '=', brandId).execute();
  const draft = await findBrandDraft(db, brandId);
  return [...versions.map((v) => v.file_json), ...(draft ? [draft.file_json] : [])];
}

export async function insertBrandVersion(db: Executor, version: BrandVersionsTable): Promise<void> {
  await db.insertInto('brand_versions').values(version).execute();
}
