import { loadEnv } from '../env';
import { MIGRATED_TEMPLATE_PREFIX } from './database';
import { adminQuery } from './postgres-admin';

/** After the server tests on PostgreSQL, drops the migrated databases they copied theirs from. */
export default function setup(): () => Promise<void> {
  return async () => {
    const { DATABASE_URL } = loadEnv();
    if (!DATABASE_URL) return;
    const templates = await adminQuery<{ datname: string }>(
      DATABASE_URL,
      `SELECT datname FROM pg_database WHERE datname LIKE '${MIGRATED_TEMPLATE_PREFIX}%'`,
    );
    for (const { datname } of templates)
      await adminQuery(DATABASE_URL, `DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  };
}
