import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema.js';

/** Repositories take either the database or a transaction, so services decide the boundaries. */
export type Executor = Kysely<Database> | Transaction<Database>;
