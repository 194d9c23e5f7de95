// The shape of a Prisma driver adapter that the wrappers here (one statement at a time on SQLite,
// reconnecting and row-level security on PostgreSQL) see and replace: the one description of it.
export interface Query {
  sql: string;
  args: unknown[];
  argTypes: unknown[];
}
export interface Queryable {
  queryRaw(query: Query): Promise<unknown>;
  executeRaw(query: Query): Promise<unknown>;
}
export interface Adapter extends Queryable {
  startTransaction(...args: unknown[]): Promise<unknown>;
}
export interface Transaction extends Queryable {
  commit(): Promise<void>;
  rollback(): Promise<void>;
}
