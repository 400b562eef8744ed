import { randomBytes, randomUUID, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
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

type Row = { id: string; username: string; email: string; firstName: string; lastName: string; roles: string; passwordHash: string };
const toAccount = (row: Row): Account => ({
  id: row.id,
  username: row.username,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  roles: JSON.parse(row.roles) as string[],
});

export class Accounts {
  constructor(private readonly database: Database) {}

  private select() {
    return this.database.db
      .selectFrom('identity_user')
      .select(['id', 'username', 'email', 'firstName', 'lastName', 'roles', 'passwordHash']);
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
    const name = email.trim().toLowerCase();
    return Boolean(
      await this.select()
        .where((eb) => eb.or([eb('username', '=', name), eb('email', '=', name)]))
        .executeTakeFirst(),
    );
  }

  async create(input: { email: string; firstName: string; lastName: string; password: string; roles: string[] }): Promise<Account> {
    const email = input.email.trim().toLowerCase();
    const account: Account = {
      id: randomUUID(),
      username: email,
      email,
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      roles: input.roles,
    };
    await this.database.db
      .insertInto('identity_user')
      .values({
        ...account,
        roles: JSON.stringify(account.roles),
        passwordHash: await hashPassword(input.password),
        createdAt: new Date().toISOString(),
      })
      .execute();
    return account;
  }

  /** Creates the demonstration accounts that do not exist yet. */
  async seedDemo(): Promise<number> {
    let created = 0;
    for (const demo of DEMO_ACCOUNTS) {
      if (await this.exists(demo.username)) continue;
      try {
        await this.create({
          email: demo.username,
          firstName: demo.firstName,
          lastName: demo.lastName,
          password: demo.password,
          roles: demo.roles,
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
