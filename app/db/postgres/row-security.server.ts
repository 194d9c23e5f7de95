// The second wall on PostgreSQL (decision 082): every statement runs in a transaction that first says
// whose rows it may touch. The policies (migration row_level_security) let a row through only when its
// workspaceId is the transaction's `studio.workspace`, or that is '*' (the instance's own work). A
// member's or an unscoped statement also runs as the studio_app role, which the policies hold even
// where the connecting user is a superuser; across workspaces, the connecting user's own rights apply.
import type { Adapter, Query, Transaction } from "~/db/driver-adapter.server";
import { INSTANCE, scopeIfSaid } from "~/db/workspace-scope.server";

export const APP_ROLE = "studio_app";

const statement = (sql: string): Query => ({ sql, args: [], argTypes: [] });
const WORKSPACE_ID = /^[\w-]{1,64}$/;

/**
 * What a transaction says before a statement whose scope is not the one it said last (its first, or
 * one inside `acrossWorkspaces` in a member's transaction).
 */
export function scopeStatement(scope: string | typeof INSTANCE | null, asAppRole: boolean): string {
  if (scope === INSTANCE) return `SELECT set_config('studio.workspace', '*', true)${asAppRole ? `, set_config('role', 'none', true)` : ""}`;
  const parts: string[] = [`set_config('studio.workspace', '', true)`];
  if (scope !== null) {
    if (!WORKSPACE_ID.test(scope)) throw new Error("A workspace id holds only letters, digits, '_' and '-'.");
    parts[0] = `set_config('studio.workspace', '${scope}', true)`;
  }
  if (asAppRole) parts.push(`set_config('role', '${APP_ROLE}', true)`);
  return `SELECT ${parts.join(", ")}`;
}

const ROLE_CHECK = `SELECT CASE WHEN EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN pg_has_role(current_user, '${APP_ROLE}', 'MEMBER') ELSE false END AS "member"`;

/** The adapter with every transaction scoped, and every statement outside one sent in a scoped one of its own. */
export function rowSecurity<A extends Adapter>(adapter: A): A {
  const { queryRaw, startTransaction } = adapter;
  let member: Promise<boolean> | null = null;
  const asAppRole = () =>
    (member ??= (queryRaw.call(adapter, statement(ROLE_CHECK)) as Promise<{ rows: unknown[][] }>).then(
      (result) => result.rows[0]?.[0] === true,
      (error) => {
        member = null;
        throw error;
      },
    ));
  adapter.startTransaction = async (...args) => {
    const role = await asAppRole();
    const tx = (await startTransaction.apply(adapter, args)) as Transaction;
    const { queryRaw, executeRaw } = tx;
    let said: string | null = null;
    const inScope = async () => {
      const now = scopeStatement(scopeIfSaid(), role);
      if (now !== said) await executeRaw.call(tx, statement(now));
      said = now;
    };
    await inScope().catch((error) => abandon(tx, error));
    tx.queryRaw = async (query) => (await inScope(), queryRaw.call(tx, query));
    tx.executeRaw = async (query) => (isEnd(query) ? undefined : await inScope(), executeRaw.call(tx, query));
    return tx;
  };
  const alone =
    (send: "queryRaw" | "executeRaw") =>
    async (query: Query): Promise<unknown> => {
      const tx = (await adapter.startTransaction()) as Transaction;
      const result = await tx[send](query).catch((error) => abandon(tx, error));
      await tx.executeRaw(statement("COMMIT")).catch((error) => abandon(tx, error));
      await tx.commit();
      return result;
    };
  adapter.queryRaw = alone("queryRaw");
  adapter.executeRaw = alone("executeRaw");
  return adapter;
}

const isEnd = (query: Query) => /^\s*(COMMIT|ROLLBACK)\b/i.test(query.sql);

async function abandon(tx: Transaction, error: unknown): Promise<never> {
  await tx.executeRaw(statement("ROLLBACK")).catch(() => {});
  await tx.rollback();
  throw error;
}
