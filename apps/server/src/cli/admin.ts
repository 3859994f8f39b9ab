import { eq, or, sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import type { Db } from '../db/client';
import { openDatabase } from '../db/client';
import { users } from '../db/schema/index';

const USAGE = `Usage:
  npm run admin -- grant <username-or-email>   make a user an admin
  npm run admin -- revoke <username-or-email>  take admin rights away
  npm run admin -- list                        list admins`;

async function setAdmin(db: Db, who: string, isAdmin: boolean): Promise<string> {
  const lowered = who.trim().toLowerCase();
  const [user] = await db
    .update(users)
    .set({ isAdmin })
    .where(or(eq(sql`lower(${users.username})`, lowered), eq(sql`lower(${users.email})`, lowered)))
    .returning({ username: users.username, email: users.email });
  if (!user) throw new Error(`No user "${who}".`);
  return `${user.username} <${user.email}> ${isAdmin ? 'is now an admin' : 'is no longer an admin'}.`;
}

export async function runAdminCommand(db: Db, args: string[]): Promise<string> {
  const [command, who] = args;
  if ((command === 'grant' || command === 'revoke') && who)
    return setAdmin(db, who, command === 'grant');
  if (command === 'list') {
    const admins = await db
      .select({ username: users.username, email: users.email })
      .from(users)
      .where(eq(users.isAdmin, true))
      .orderBy(users.username);
    return admins.length
      ? admins.map((a) => `${a.username} <${a.email}>`).join('\n')
      : 'No admins.';
  }
  throw new Error(USAGE);
}

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    console.log(await runAdminCommand(database.db, process.argv.slice(2)));
  } finally {
    await database.close();
  }
}

// Run only as the CLI entry point, not when a test imports runAdminCommand.
if (process.argv[1]?.match(/admin\.(js|ts)$/)) {
  main().catch((error) => {
    // Config, lock and "no such user" errors are one clear line; so is anything else.
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
