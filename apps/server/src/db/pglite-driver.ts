import { type PGlite, type QueryOptions, type Transaction, types } from '@electric-sql/pglite';

/**
 * The types drizzle's PGlite driver asks to get back as text (drizzle maps
 * them itself): the same nine parsers travel with every one of its queries.
 */
const TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const asText = (value: string) => value;

type Query = (sql: string, params?: unknown[], options?: QueryOptions) => Promise<unknown>;

/**
 * A query that carries its own parsers makes PGlite copy its whole parser
 * table (300+ types) to merge them, per query: for the small statements of a
 * write that doubled each one's cost (issue 20's profile: 13 % of a message
 * post). The parsers drizzle sends are installed once on the instance instead
 * and dropped from each query; a query with any other parser keeps its own.
 */
export function withDrizzleParsers(client: PGlite): PGlite {
  for (const type of TEXT_TYPES) client.parsers[type] = asText;
  const installed = new Set(TEXT_TYPES.map(String));
  const lean = (options: QueryOptions | undefined): QueryOptions | undefined => {
    const parsers = options?.parsers;
    if (!parsers) return options;
    for (const type in parsers) if (!installed.has(type)) return options;
    return { ...options, parsers: undefined };
  };
  const leanQuery =
    (query: Query): Query =>
    (sql, params, options) =>
      query(sql, params, lean(options));
  const leanTransaction = (tx: Transaction): Transaction =>
    new Proxy(tx, {
      get: (target, key) =>
        key === 'query' ? leanQuery(target.query.bind(target)) : Reflect.get(target, key),
    });
  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') return leanQuery(target.query.bind(target));
      if (key === 'transaction') {
        return <T>(callback: (tx: Transaction) => Promise<T>) =>
          target.transaction((tx) => callback(leanTransaction(tx)));
      }
      // PGlite keeps its state in private fields: its methods must see the real object.
      const value = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
