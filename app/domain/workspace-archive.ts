// A workspace's archive (decision 079): one JSON file per owned table, its members' accounts, its upload
// files, and manifest.json with per-table row counts and the SHA-256 of every other file. Pure: the
// rows in and out, the manifest, the checks; reading and writing the database is the models'.
import { createHash } from "node:crypto";

export const ARCHIVE_FORMAT = "studio-workspace-archive-1";
export const MANIFEST = "manifest.json";
export const USERS_FILE = "users.json";
export const tableFile = (model: string) => `tables/${model}.json`;
export const uploadFile = (sha256: string, ext: string) => `uploads/${sha256}.${ext}`;

export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  workspace: { id: string; name: string; createdAt: string };
  exportedAt: string;
  /** Rows per owned table. */
  tables: Record<string, number>;
  /** Every file but the manifest: its SHA-256 (hex) and size. */
  files: Record<string, { sha256: string; bytes: number }>;
}

export type Field = { name: string; type: string; list: boolean };
type Row = Record<string, unknown>;

export const sha256Of = (bytes: Buffer | Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** A row as JSON can hold it: dates as ISO text, bytes as base64, 64-bit integers as text. */
export function rowToJson(row: Row, fields: readonly Field[]): Row {
  const out: Row = {};
  for (const { name, type } of fields) {
    const value = row[name];
    if (value == null) out[name] = null;
    else if (type === "DateTime") out[name] = (value as Date).toISOString();
    else if (type === "Bytes") out[name] = Buffer.from(value as Uint8Array).toString("base64");
    else if (type === "BigInt") out[name] = String(value);
    else out[name] = value;
  }
  return out;
}

/** The row back as the database client takes it. */
export function rowFromJson(row: Row, fields: readonly Field[]): Row {
  const out: Row = {};
  for (const { name, type } of fields) {
    if (!(name in row)) continue;
    const value = row[name];
    if (value == null) out[name] = null;
    else if (type === "DateTime") out[name] = new Date(value as string);
    else if (type === "Bytes") out[name] = new Uint8Array(Buffer.from(value as string, "base64"));
    else if (type === "BigInt") out[name] = BigInt(value as string);
    else out[name] = value;
  }
  return out;
}

/** A table's file: its rows in one stable order (by their own JSON), so the same rows give the same checksum. */
export function tableJson(rows: Row[]): Buffer {
  const lines = rows.map((r) => JSON.stringify(r)).sort();
  return Buffer.from(`[${lines.length ? `\n${lines.join(",\n")}\n` : ""}]\n`, "utf8");
}

/** What is wrong with an archive's files against its manifest, or null when every checksum matches. */
export function archiveProblem(manifest: unknown, files: Map<string, Buffer>): string | null {
  const m = manifest as Partial<Manifest> | null;
  if (!m || m.format !== ARCHIVE_FORMAT || !m.workspace?.id || !m.files || !m.tables)
    return `manifest.json is not a workspace archive (${ARCHIVE_FORMAT}).`;
  for (const [name, expected] of Object.entries(m.files)) {
    const file = files.get(name);
    if (!file) return `${name} is listed in the manifest but missing from the archive.`;
    if (sha256Of(file) !== expected.sha256 || file.length !== expected.bytes) return `${name} does not match its checksum in the manifest.`;
  }
  for (const name of files.keys()) if (!(name in m.files)) return `${name} is in the archive but not in its manifest.`;
  for (const [model, rows] of Object.entries(m.tables)) {
    const file = files.get(tableFile(model));
    if (!file) return `${tableFile(model)} is missing.`;
    if ((JSON.parse(file.toString("utf8")) as unknown[]).length !== rows) return `${tableFile(model)} does not hold ${rows} rows.`;
  }
  return null;
}
