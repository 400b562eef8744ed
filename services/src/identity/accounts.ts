import { createHash, randomBytes, randomUUID, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import type { Database } from '../db/database.js';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, length: number, options: object) => Promise<Buffer>;
const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 64;

export interface Account {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  roles: string[];
  emailVerified: boolean;
  createdAt: string;
}

export interface DemoAccount {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  roles: string[];
}

/** The demonstration accounts, created at start when missing (their passwords are public: demo only). */
export const DEMO_ACCOUNTS: DemoAccount[] = JSON.parse(readFileSync(new URL('./demo-accounts.json', import.meta.url), 'utf8'));

/** scrypt$N$r$p$salt$hash (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFC'), salt, KEY_LENGTH, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password.normalize('NFC'), Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash to compare against when the user does not exist, so that timing does not tell. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hashPassword(randomUUID()));

type Row = {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  roles: string;
  passwordHash: string;
  emailVerified: number;
  createdAt: string;
};
const toAccount = (row: Row): Account => ({
  id: row.id,
  username: row.username,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  roles: JSON.parse(row.roles) as string[],
  emailVerified: Boolean(Number(row.emailVerified)),
  createdAt: row.createdAt,
});

export class Accounts {
  constructor(private readonly database: Database) {}

  private select() {
    return this.database.db
      .selectFrom('identity_user')
      .select(['id', 'username', 'email', 'firstName', 'lastName', 'roles', 'passwordHash', 'emailVerified', 'createdAt']);
  }

  async byId(id: string): Promise<Account | undefined> {
    const row = (await this.select().where('id', '=', id).executeTakeFirst()) as Row | undefined;
    return row && toAccount(row);
  }

  /** Checks a user name (or e-mail) and password; undefined when either is wrong. */
  async authenticate(login: string, password: string): Promise<Account | undefined> {
    const name = login.trim().toLowerCase();
    const row = (await this.select()
      .where((eb) => eb.or([eb('username', '=', name), eb('email', '=', name)]))
      .executeTakeFirst()) as Row | undefined;
    const ok = await verifyPassword(password, row?.passwordHash ?? (await decoyHash()));
    return ok && row ? toAccount(row) : undefined;
  }

  async exists(email: string): Promise<boolean> {
    return Boolean(await this.byLogin(email));
  }

  async create(input: {
    email: string;
    firstName: string;
    lastName: string;
    password: string;
    roles: string[];
    emailVerified?: boolean;
  }): Promise<Account> {
    const email = input.email.trim().toLowerCase();
    const account: Account = {
      id: randomUUID(),
      username: email,
      email,
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      roles: input.roles,
      emailVerified: Boolean(input.emailVerified),
      createdAt: new Date().toISOString(),
    };
    await this.database.db
      .insertInto('identity_user')
      .values({
        ...account,
        roles: JSON.stringify(account.roles),
        emailVerified: account.emailVerified ? 1 : 0,
        passwordHash: await hashPassword(input.password),
      })
      .execute();
    return account;
  }

  /** Marks the address verified, if the account still has that address; true when it did. */
  async markVerified(id: string, email: string): Promise<boolean> {
    const result = await this.database.db
      .updateTable('identity_user')
      .set({ emailVerified: 1 })
      .where('id', '=', id)
      .where('email', '=', email)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The account of an e-mail (or user name), if any. */
  async byLogin(login: string): Promise<Account | undefined> {
    const name = login.trim().toLowerCase();
    const row = (await this.select()
      .where((eb) => eb.or([eb('username', '=', name), eb('email', '=', name)]))
      .executeTakeFirst()) as Row | undefined;
    return row && toAccount(row);
  }

  /** A digest of the account's password hash: it changes with the password, so a reset link works once. */
  async passwordStamp(id: string): Promise<string | undefined> {
    const row = await this.database.db.selectFrom('identity_user').select('passwordHash').where('id', '=', id).executeTakeFirst();
    return row ? createHash('sha256').update(row.passwordHash).digest('base64url').slice(0, 22) : undefined;
  }

  async setPassword(id: string, password: string): Promise<void> {
    await this.database.db
      .updateTable('identity_user')
      .set({ passwordHash: await hashPassword(password) })
      .where('id', '=', id)
      .execute();
  }

  /** Accounts whose name or e-mail contains the text, newest first (an officer's list). */
  async list(options: { search?: string; first?: number; max?: number } = {}): Promise<Account[]> {
    let query = this.select();
    const search = options.search?.trim().toLowerCase();
    if (search) {
      const pattern = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      query = query.where((eb) =>
        eb.or(
          (['email', 'firstName', 'lastName'] as const).map((column) =>
            eb(sql`lower(${sql.ref(column)})`, 'like', sql`${pattern} escape '\\'`),
          ),
        ),
      );
    }
    const rows = (await query
      .orderBy('createdAt', 'desc')
      .orderBy('id')
      .offset(options.first ?? 0)
      .limit(options.max ?? 50)
      .execute()) as Row[];
    return rows.map(toAccount);
  }

  async setRoles(id: string, roles: string[]): Promise<void> {
    await this.database.db
      .updateTable('identity_user')
      .set({ roles: JSON.stringify([...new Set(roles)].sort()) })
      .where('id', '=', id)
      .execute();
  }

  /** Creates the demonstration accounts that do not exist yet. */
  async seedDemo(): Promise<number> {
    let created = 0;
    for (const demo of DEMO_ACCOUNTS) {
      if (await this.exists(demo.username)) {
        await this.database.db.updateTable('identity_user').set({ emailVerified: 1 }).where('username', '=', demo.username).execute();
        continue;
      }
      try {
        await this.create({
          email: demo.username,
          firstName: demo.firstName,
          lastName: demo.lastName,
          password: demo.password,
          roles: demo.roles,
          emailVerified: true,
        });
        created++;
      } catch (error) {
        // Another server seeding the same database at the same moment created it first.
        if (!(await this.exists(demo.username))) throw error;
      }
    }
    return created;
  }
}
