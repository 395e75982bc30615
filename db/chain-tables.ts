import type { Int8, Timestamp, Generated } from './schema.js';

/** The deposit watcher's scan position per configured EVM network (migration 20261201_0301). */
export interface ChainCursorsTable {
  network: string;
  /** The first block the next scan reads. */
  next_block: Int8;
  updated_at: Generated<Timestamp>;
}

export interface ChainTables {
  chain_cursors: ChainCursorsTable;
}
