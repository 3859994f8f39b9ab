import path from 'node:path';
import { eq, or, sql } from 'drizzle-orm';
import pino from 'pino';
import { type Config, loadConfig } from '../config';
import type { Db } from '../db/client';
import { openDatabase } from '../db/client';
import { sessions, users } from '../db/schema/index';
import { type EventBus, MemoryEventBus, SESSION_CHANNEL, type SessionEvent } from '../events/bus';
import { RedisEventBus } from '../events/redis-bus';
import { BackgroundWork } from '../lib/background-work';
import { systemClock } from '../lib/clock';
import { AppError } from '../lib/errors';
import { createOutboxMailer, createSmtpMailer, type Mailer } from '../mail/transport';
import { SessionCache } from '../modules/auth/index';
import {
  grantStaffRights,
  resetSecondFactors,
  revokeStaffRights,
  type StaffRightsDeps,
} from '../modules/staff/index';

const USAGE = `Usage:
  npm run admin -- grant <username-or-email>   make a user an admin
  npm run admin -- revoke <username-or-email>  take admin rights away
  npm run admin -- revoke-sessions <username-or-email>  sign the user out everywhere
  npm run admin -- reset-2fa <username-or-email>  turn off e-mail codes and the app, remove
                                               recovery codes and passkeys, sign the user out
                                               everywhere and mail them (a locked-out owner)
  npm run admin -- list                        list admins`;

/** How long the command waits for Redis before giving up on telling running servers. */
const REDIS_WAIT_MS = 5_000;
const NOT_TOLD =
  'Redis did not answer: running servers were not told; their live streams notice within 25 s.';

/** Tells running servers (through Redis); the change stands either way, and the answer says so. */
async function tellServers(
  bus: EventBus | undefined,
  event: SessionEvent,
  done: string,
): Promise<string> {
  if (!bus) return done;
  const told = await bus.publish(SESSION_CHANNEL, event).then(
    () => true,
    () => false,
  );
  return told ? done : `${done}\n${NOT_TOLD}`;
}

/** A user by username or e-mail, in any letter case. */
async function findUser(db: Db, who: string) {
  const lowered = who.trim().toLowerCase();
  const [user] = await db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, lowered), eq(sql`lower(${users.email})`, lowered)));
  if (!user) throw new Error(`No user "${who}".`);
  return user;
}

/**
 * Signs a user out of every browser (a stolen session, a staff member leaving;
 * finding 33). Running servers drop the sessions at once when told through
 * Redis; without it their session cache forgets them within 5 s anyway.
 */
async function revokeSessions(db: Db, who: string, bus: EventBus | undefined): Promise<string> {
  const user = await findUser(db, who);
  const ended = await db
    .delete(sessions)
    .where(eq(sessions.userId, user.id))
    .returning({ id: sessions.id });
  const done = `${user.username} <${user.email}>: ${ended.length} session(s) ended.`;
  return tellServers(bus, { type: 'user-sessions-ended', userId: user.id }, done);
}

/** The server's choice of mail transport: SMTP when configured, else the dev outbox. */
function mailerFor(config: Config, log: pino.Logger): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(path.join(config.dataDir, 'outbox'), log);
}

/** How the command appears in the security log: no address, no browser. */
const CLI_META = { ip: 'cli', throttleAddress: 'cli', userAgent: 'npm run admin' };

/**
 * Runs one of the staff panel's own functions (modules/staff) from the
 * command line, with stand-ins for the app's resources: the mail goes through
 * the transport the server would use and is sent before the command returns,
 * and `told` says whether running servers heard of it (through Redis).
 */
async function withCommandDeps<T>(
  command: string,
  options: { db: Db; bus?: EventBus; config?: Config },
  run: (deps: StaffRightsDeps) => Promise<T>,
): Promise<{ result: T; told: boolean }> {
  if (!options.config) throw new Error(`${command} needs the configuration (mail).`);
  const config = options.config;
  const log = pino({ level: 'warn' });
  const mailer = mailerFor(config, log);
  const background = new BackgroundWork();
  let told = true;
  const bus: EventBus = options.bus
    ? {
        publish: (channel, payload) =>
          options.bus!.publish(channel, payload).catch((error: unknown) => {
            told = false;
            throw error;
          }),
        subscribe: (channel, handler) => options.bus!.subscribe(channel, handler),
        close: () => options.bus!.close(),
      }
    : new MemoryEventBus();
  try {
    const result = await run({
      db: options.db,
      clock: systemClock,
      config,
      mailer,
      log,
      background,
      bus,
      sessionCache: new SessionCache(),
    });
    await background.drain();
    return { result, told };
  } finally {
    mailer.close();
  }
}

/**
 * Grants or takes away staff rights with the workspace's own functions
 * („Zespół”, modules/staff): logged as `via: cli` with no admin account, and
 * mailed to the person. Unlike the workspace, the command may remove the last
 * admin: it can always grant the rights back.
 */
async function setAdmin(
  db: Db,
  who: string,
  isAdmin: boolean,
  options: { bus?: EventBus; config?: Config },
): Promise<string> {
  const found = await findUser(db, who);
  const change = isAdmin ? grantStaffRights : revokeStaffRights;
  const { told } = await withCommandDeps(isAdmin ? 'grant' : 'revoke', { ...options, db }, (deps) =>
    change(deps, {
      userId: found.id,
      actor: { adminId: null, via: 'cli' },
      meta: CLI_META,
    }).catch((error: unknown) => {
      throw refusalInWords(error, found.username);
    }),
  );
  const done = `${found.username} <${found.email}> ${isAdmin ? 'is now an admin' : 'is no longer an admin'}.`;
  return told ? done : `${done}\n${NOT_TOLD}`;
}

/** The shared functions' refusals as the command's one clear line. */
function refusalInWords(error: unknown, username: string): unknown {
  if (!(error instanceof AppError)) return error;
  if (error.code === 'already_staff') return new Error(`${username} is already an admin.`);
  if (error.code === 'not_found') return new Error(`${username} is not an admin.`);
  if (error.code === 'account_not_found') {
    return new Error(`${username} is a guest account (no password): they must register first.`);
  }
  return error;
}

/**
 * Resets a locked-out owner's second factors with the staff panel's own
 * function (modules/staff): the typed name confirms itself, the command has no
 * admin account (logged as `via: cli`), and the notice is mailed before the
 * command returns.
 */
async function resetTwoFactor(
  db: Db,
  who: string,
  options: { bus?: EventBus; config?: Config },
): Promise<string> {
  const user = await findUser(db, who);
  const { result: after, told } = await withCommandDeps('reset-2fa', { ...options, db }, (deps) =>
    resetSecondFactors(deps, {
      userId: user.id,
      confirm: who,
      actor: { adminId: null, via: 'cli' },
      meta: CLI_META,
    }),
  );
  const done = `${user.username} <${user.email}>: second factors reset (e-mail codes ${after.email_codes ? 'on' : 'off'}, app ${after.totp ? 'on' : 'off'}, ${after.passkeys} passkey(s)); signed out everywhere; notice mailed.`;
  return told ? done : `${done}\n${NOT_TOLD}`;
}

/**
 * `bus`: where running servers listen (Redis); without one the change is only
 * stored. `config`: what reset-2fa mails with (the server's transport).
 */
export async function runAdminCommand(
  db: Db,
  args: string[],
  options: { bus?: EventBus; config?: Config } = {},
): Promise<string> {
  const [command, who] = args;
  if (command === 'reset-2fa' && who) return resetTwoFactor(db, who, options);
  if ((command === 'grant' || command === 'revoke') && who)
    return setAdmin(db, who, command === 'grant', options);
  if (command === 'revoke-sessions' && who) return revokeSessions(db, who, options.bus);
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

/**
 * Running servers hear of the change only through Redis. With the embedded
 * database none is running (its data-dir lock kept this command out while one
 * was), so there is no one to tell. With PostgreSQL and no Redis, each server's
 * stream heartbeat notices within 25 s.
 */
async function openBus(redisUrl: string | undefined): Promise<RedisEventBus | undefined> {
  if (!redisUrl) return undefined;
  const bus = new RedisEventBus(redisUrl);
  // Unreachable: the change is still made (a revoke must not wait for Redis), and publish() says so.
  await bus.whenReady(REDIS_WAIT_MS).catch(() => {});
  return bus;
}

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  let bus: RedisEventBus | undefined;
  try {
    if (process.argv[2] !== 'list') bus = await openBus(config.redisUrl);
    console.log(await runAdminCommand(database.db, process.argv.slice(2), { bus, config }));
  } finally {
    await bus?.close();
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
