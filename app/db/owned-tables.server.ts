// The tables a workspace owns (decision 079), found from the schema rather than listed by hand, so a new
// table is deleted and exported with the rest: every model with a `workspaceId` the data layer holds to
// the workspace (Session's is a choice, not an owner), plus the rows reached only through an owned row.
import { Prisma } from "@prisma/client";
import { OWNED_MODELS } from "./workspace-queries.server";

export interface OwnedTable {
  model: string;
  /** The Prisma client's delegate name (contentItem). */
  delegate: string;
  /** Scalar fields and their Prisma types, in the schema's order. */
  fields: { name: string; type: string; list: boolean }[];
  /** How its rows are found: by their own workspaceId (parent null), or by the id of a parent row of the workspace. */
  via: { field: string; parent: string | null };
}

const delegateOf = (model: string) => model[0].toLowerCase() + model.slice(1);
const scalarsOf = (model: string) =>
  Prisma.dmmf.datamodel.models
    .find((m) => m.name === model)!
    .fields.filter((f) => f.kind === "scalar" || f.kind === "enum")
    .map((f) => ({ name: f.name, type: f.type, list: f.isList }));

// Rows without a workspaceId of their own that belong to one through a parent (deleted by its cascade).
const REACHED_THROUGH: Record<string, { field: string; parent: string }> = {
  ContentMetric: { field: "contentId", parent: "ContentItem" },
};

// Children before parents, so a delete removes rows itself rather than through a long cascade; every
// relation between owned tables cascades or sets null, so any order the rest takes is accepted.
const FIRST = ["WorkflowJob", "WorkflowStep", "ChannelPostFigures", "Comment"];

export const OWNED_TABLES: readonly OwnedTable[] = [
  ...[...FIRST.filter((m) => OWNED_MODELS.has(m)), ...[...OWNED_MODELS].filter((m) => !FIRST.includes(m))].map((model): OwnedTable => ({
    model,
    delegate: delegateOf(model),
    fields: scalarsOf(model),
    via: { field: "workspaceId", parent: null },
  })),
  ...Object.entries(REACHED_THROUGH).map(([model, via]): OwnedTable => ({
    model,
    delegate: delegateOf(model),
    fields: scalarsOf(model),
    via,
  })),
];

/** A delegate of the client by name: every owned table is read and written the same way. */
export type AnyDelegate = {
  findMany(args: object): Promise<Record<string, unknown>[]>;
  deleteMany(args: object): Promise<{ count: number }>;
  createMany(args: object): Promise<{ count: number }>;
  count(args: object): Promise<number>;
};
export const delegateIn = (client: object, table: OwnedTable) => (client as Record<string, AnyDelegate>)[table.delegate];
