import fs from 'fs';
import path from 'path';
import type { Core } from '@strapi/strapi';
import { sqliteFile } from '../src/paths';

/**
 * SQLite by default (file from DATABASE_FILENAME, default <repo>/var/cms/data.db).
 * PostgreSQL with CMS_DATABASE_CLIENT=postgres and CMS_DATABASE_URL=postgres://user:pass@host:5432/db.
 */
const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Database => {
  const client = env('CMS_DATABASE_CLIENT', 'sqlite');
  const acquireConnectionTimeout = env.int('DATABASE_CONNECTION_TIMEOUT', 60000);

  if (client === 'postgres') {
    const connectionString = env('CMS_DATABASE_URL');
    if (!connectionString) {
      throw new Error('CMS_DATABASE_CLIENT=postgres needs CMS_DATABASE_URL (postgres://user:password@host:5432/database)');
    }
    const url = new URL(connectionString);
    return {
      connection: {
        client: 'postgres',
        connection: {
          connectionString,
          host: url.hostname || 'localhost',
          port: Number(url.port || 5432),
          database: decodeURIComponent(url.pathname.replace(/^\//, '')),
          user: decodeURIComponent(url.username),
          password: decodeURIComponent(url.password),
          schema: env('CMS_DATABASE_SCHEMA', 'public'),
          ssl: env.bool('CMS_DATABASE_SSL', false)
            ? { rejectUnauthorized: env.bool('CMS_DATABASE_SSL_REJECT_UNAUTHORIZED', true) }
            : false,
        },
        pool: { min: env.int('CMS_DATABASE_POOL_MIN', 0), max: env.int('CMS_DATABASE_POOL_MAX', 10) },
        acquireConnectionTimeout,
      },
    };
  }

  if (client !== 'sqlite') {
    throw new Error(`Unsupported CMS_DATABASE_CLIENT "${client}": use "sqlite" (default) or "postgres".`);
  }

  const filename = sqliteFile(env('DATABASE_FILENAME', ''));
  fs.mkdirSync(path.dirname(filename), { recursive: true });
  return {
    connection: {
      client: 'sqlite',
      connection: { filename },
      useNullAsDefault: true,
      acquireConnectionTimeout,
    },
  };
};

export default config;
