import type { Migration } from 'kysely/migration';
import * as initial from './2025-11-21-initial.ts';

/** Every migration, by date-prefixed name (Kysely runs them in name order). */
export const migrations: Record<string, Migration> = {
  '2025-11-21-initial': initial,
};
