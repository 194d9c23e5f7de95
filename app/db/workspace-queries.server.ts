import { Prisma, type PrismaClient } from "@prisma/client";
import { INSTANCE, scopeOfQuery } from "~/db/workspace-scope.server";

/**
 * The one place queries are held to a workspace (decision 073): every operation on a model with a
 * `workspaceId` gets `workspaceId = <the scope's>` in its filter and on every row it creates, nested
 * writes and connects included. Session's `workspaceId` is a choice, not an owner: it is not filtered.
 * Raw SQL is not seen here; app/db's bodies add the workspace themselves (currentWorkspaceId).
 */
type Data = Record<string, unknown>;

const models = Prisma.dmmf.datamodel.models;
const NOT_OWNED = new Set(["Session"]);

export const OWNED_MODELS: ReadonlySet<string> = new Set(
  models.filter((m) => !NOT_OWNED.has(m.name) && m.fields.some((f) => f.name === "workspaceId")).map((m) => m.name),
);

const RELATIONS = new Map(models.map((m) => [m.name, new Map(m.fields.filter((f) => f.kind === "object").map((f) => [f.name, f.type]))]));

const FILTERED = new Set([
  "findUnique",
  "findUniqueOrThrow",
  "findFirst",
  "findFirstOrThrow",
  "findMany",
  "count",
  "aggregate",
  "groupBy",
  "update",
  "updateMany",
  "updateManyAndReturn",
  "delete",
  "deleteMany",
  "upsert",
]);

const isData = (value: unknown): value is Data => typeof value === "object" && value !== null && !(value instanceof Date);
const each = (value: unknown, change: (one: Data) => unknown) =>
  Array.isArray(value) ? value.map((one: Data) => change(one)) : change(value as Data);

function inWorkspace(model: string, where: unknown, workspaceId: string) {
  return OWNED_MODELS.has(model) ? { ...(isData(where) ? where : {}), workspaceId } : where;
}

function created(model: string, data: unknown, workspaceId: string): unknown {
  return each(data, (row) => {
    const stamped = OWNED_MODELS.has(model) ? { ...row, workspaceId } : { ...row };
    return nested(model, stamped, workspaceId);
  });
}

function updated(model: string, data: unknown, workspaceId: string): unknown {
  return isData(data) ? nested(model, { ...data }, workspaceId) : data;
}

/** Writes through relations: creates are stamped, connects and updates held to the workspace. */
function nested(model: string, data: Data, workspaceId: string): Data {
  const relations = RELATIONS.get(model);
  for (const [field, write] of Object.entries(data)) {
    const target = relations?.get(field);
    if (target && isData(write)) data[field] = relationWrite(target, write, workspaceId);
  }
  return data;
}

function relationWrite(target: string, write: Data, workspaceId: string): Data {
  const out: Data = { ...write };
  const where = (one: unknown) => inWorkspace(target, one, workspaceId);
  if (out.create) out.create = created(target, out.create, workspaceId);
  if (isData(out.createMany)) out.createMany = { ...out.createMany, data: created(target, out.createMany.data, workspaceId) };
  if (out.connect) out.connect = each(out.connect, where);
  if (out.connectOrCreate)
    out.connectOrCreate = each(out.connectOrCreate, (c) => ({
      ...c,
      where: where(c.where),
      create: created(target, c.create, workspaceId),
    }));
  if (out.upsert)
    out.upsert = each(out.upsert, (u) => ({
      ...u,
      create: created(target, u.create, workspaceId),
      update: updated(target, u.update, workspaceId),
    }));
  if (out.update)
    out.update = each(out.update, (u) =>
      isData(u.data) ? { ...u, data: updated(target, u.data, workspaceId) } : updated(target, u, workspaceId),
    );
  return out;
}

function scopedArgs(model: string, operation: string, args: Data, workspaceId: string): Data {
  const out: Data = { ...args };
  if (FILTERED.has(operation)) out.where = inWorkspace(model, args.where, workspaceId);
  if (operation === "create" || operation.startsWith("createMany")) out.data = created(model, args.data, workspaceId);
  if (operation === "update" || operation === "updateMany" || operation === "updateManyAndReturn")
    out.data = updated(model, args.data, workspaceId);
  if (operation === "upsert") {
    out.create = created(model, args.create, workspaceId);
    out.update = updated(model, args.update, workspaceId);
  }
  return out;
}

/** The client with every query held to the workspace in scope. */
export function scopedToWorkspace(client: PrismaClient): PrismaClient {
  return client.$extends({
    query: {
      $allModels: {
        $allOperations({ model, operation, args, query }) {
          if (!OWNED_MODELS.has(model) && !RELATIONS.get(model)?.size) return query(args);
          const scope = OWNED_MODELS.has(model) ? scopeOfQuery() : scopeOrInstance();
          if (scope === INSTANCE) return query(args);
          return query(scopedArgs(model, operation, args as Data, scope) as typeof args);
        },
      },
    },
  }) as unknown as PrismaClient;
}

// A model of the instance (User, say) may still create owned rows through a relation.
function scopeOrInstance(): string | typeof INSTANCE {
  try {
    return scopeOfQuery();
  } catch {
    return INSTANCE;
  }
}
