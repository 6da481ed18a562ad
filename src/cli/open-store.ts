import { loadStoreConfig } from '../config.js';
import { ConfigError } from '../errors.js';
import type { Store } from '../ports/store.js';
import { createStore } from '../store/create-store.js';

/** The store the running Warden uses (DATABASE_URL or WARDEN_DATA_DIR), for operator commands. */
export async function openStoreFromEnv(): Promise<Store> {
  try {
    const config = loadStoreConfig();
    return await createStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
}
