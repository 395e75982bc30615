import type { ColumnType, Generated } from 'kysely';

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface AppSettingsTable {
  key: string;
  value: unknown;
  updated_at: Generated<Timestamp>;
}

/**
 * Every table the app reads or writes. Each area adds its tables here next to its migration.
 */
export interface Database {
  app_settings: AppSettingsTable;
}
