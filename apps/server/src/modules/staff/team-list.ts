import type { TeamAnswer, TeamMember } from '@studio/shared/team';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows-of';
import { securityLog, users } from '../../db/schema/index';
import type { AppDeps } from '../../deps';

interface Row {
  id: number;
  username: string;
  email: string;
  granted_at: string | Date | null;
  via: string | null;
  by: string | null;
}

/**
 * „Zespół” (issue 31): every admin with their address, and where their latest
 * grant came from — read from the security log, the one record of grants
 * (rights given before it recorded them show `granted: null`).
 */
export async function listTeam(deps: Pick<AppDeps, 'db'>, only?: number): Promise<TeamAnswer> {
  const rows = await rowsOf<Row>(
    deps.db,
    sql`
    select u.id, u.username, u.email, g.created_at as granted_at, g.details->>'via' as via,
           granter.username as by
    from ${users} u
    left join lateral (
      select created_at, details from ${securityLog}
      where user_id = u.id and event = 'staff_granted'
      order by id desc limit 1
    ) g on true
    left join ${users} granter on granter.id = (g.details->>'admin_id')::int
    where u.is_admin ${only === undefined ? sql`` : sql`and u.id = ${only}`}
    order by lower(u.username), u.id`,
  );
  return { team: rows.map(toMember) };
}

function toMember(row: Row): TeamMember {
  const via = row.via === 'cli' || row.via === 'team' ? row.via : null;
  return {
    id: Number(row.id),
    username: row.username,
    email: row.email,
    granted:
      row.granted_at && via
        ? { via, at: new Date(row.granted_at).toISOString(), by: row.by ?? null }
        : null,
  };
}
