import pg from 'pg';

/** One statement on its own connection to `url`, outside the app's pool: creating and dropping test databases and roles. */
export async function adminQuery<T extends pg.QueryResultRow>(url: string, statement: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(statement)).rows;
  } finally {
    await client.end();
  }
}
