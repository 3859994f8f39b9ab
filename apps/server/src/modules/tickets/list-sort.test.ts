import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/helpers';
import { createTicket, customersAndTwoStaff, postMessage } from '../../../test/tickets-helpers';
import { TestClock } from '../../lib/clock';

/* Staff's sortable list columns (issue 31): `sort=activity|number|due` with `dir`, paged by keyset. */

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const MINUTE = 60_000;

interface Item {
  id: number;
  number: number;
  last_activity_at: string;
  due_at: string | null;
}

/**
 * Seven tickets: some made at the same instant (equal activity and due times, so the
 * id has to break ties), two answered by staff (no due time: they sort last).
 */
async function world() {
  const clock = new TestClock();
  const app = await ctx.app({ clock });
  const people = await customersAndTwoStaff(app);
  const made: number[] = [];
  for (const [index, customer] of [
    people.alice,
    people.bob,
    people.alice,
    people.bob,
    people.alice,
    people.bob,
    people.alice,
  ].entries()) {
    if (index % 3 === 0) clock.advance(7 * MINUTE);
    made.push((await createTicket(customer.client, { body: `Sprawa ${index}` })).json().id);
  }
  clock.advance(MINUTE);
  for (const id of [made[1], made[4]] as number[])
    await postMessage(people.admin.client, id, { body: 'Już' });
  return { ...people, made };
}

async function listAll(
  client: { get: (url: string) => Promise<{ json: () => unknown }> },
  query: string,
) {
  return ((await client.get(`/api/tickets?${query}&limit=100`)).json() as { tickets: Item[] })
    .tickets;
}

/** Every page of `limit` 2, followed by its cursors. */
async function listPaged(
  client: { get: (url: string) => Promise<{ json: () => unknown; statusCode: number }> },
  query: string,
) {
  const seen: Item[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 10; page++) {
    const url: string = `/api/tickets?${query}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
    const answer = (await client.get(url)).json() as {
      tickets: Item[];
      next_cursor: string | null;
    };
    seen.push(...answer.tickets);
    cursor = answer.next_cursor;
    if (!cursor) break;
  }
  return seen.map((t) => t.id);
}

type Key = (t: Item) => number | null;
const KEYS: Record<'activity' | 'number' | 'due', Key> = {
  activity: (t) => Date.parse(t.last_activity_at),
  number: (t) => t.number,
  due: (t) => (t.due_at ? Date.parse(t.due_at) : null),
};

/** The order the server promises: by the column, nulls last either way, then by id. */
function expectedOrder(items: Item[], key: Key, dir: 'asc' | 'desc'): number[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...items]
    .sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      if (x === null || y === null) {
        if (x !== y) return x === null ? 1 : -1;
      } else if (x !== y) return sign * (x - y);
      return sign * (a.id - b.id);
    })
    .map((t) => t.id);
}

describe('sorted list columns', () => {
  it('orders by activity, number and due time either way, and pages without gaps or repeats', async () => {
    const { admin, made } = await world();
    const everything = await listAll(admin.client, 'sort=number');
    expect(everything).toHaveLength(made.length);
    expect(everything.filter((t) => t.due_at === null)).toHaveLength(2);
    for (const column of ['activity', 'number', 'due'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        const query = `sort=${column}&dir=${dir}`;
        const expected = expectedOrder(everything, KEYS[column], dir);
        expect(
          (await listAll(admin.client, query)).map((t) => t.id),
          query,
        ).toEqual(expected);
        expect(await listPaged(admin.client, query), `${query} paged`).toEqual(expected);
      }
    }
    // Without `dir`: newest activity first (the old default), number and due ascending.
    expect((await listAll(admin.client, 'sort=due')).map((t) => t.id)).toEqual(
      expectedOrder(everything, KEYS.due, 'asc'),
    );
    expect(await listPaged(admin.client, 'sort=activity')).toEqual(
      expectedOrder(everything, KEYS.activity, 'desc'),
    );
  });

  it('keeps filters while sorting, refuses a cursor of another kind, and is a staff tool', async () => {
    const { admin, alice } = await world();
    const open = await listAll(admin.client, 'status=open&sort=number&dir=desc');
    expect(open.map((t) => t.id)).toEqual(expectedOrder(open, KEYS.number, 'desc'));
    const first = (await admin.client.get('/api/tickets?limit=1')).json();
    // The default order's cursor is no position in the number column.
    const wrong = await admin.client.get(
      `/api/tickets?sort=number&limit=1&cursor=${first.next_cursor}`,
    );
    expect(wrong.statusCode).toBe(400);
    const byDue = (await admin.client.get('/api/tickets?sort=due&limit=1')).json();
    const dueAsNumber = await admin.client.get(
      `/api/tickets?sort=number&limit=1&cursor=${byDue.next_cursor}`,
    );
    expect(dueAsNumber.statusCode).toBe(400);
    expect((await admin.client.get('/api/tickets?sort=size')).statusCode).toBe(400);
    expect((await alice.client.get('/api/tickets?sort=number')).statusCode).toBe(403);
    expect((await alice.client.get('/api/tickets?dir=asc')).statusCode).toBe(403);
  });
});
