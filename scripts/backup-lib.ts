import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

/** The file behind a DATABASE_URL such as file:./prisma/dev.db (relative to the working directory). */
export function databaseFile(url = process.env.DATABASE_URL ?? "file:./prisma/dev.db") {
  return path.resolve(url.replace(/^file:/, ""));
}

function checkIntegrity(file: string) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const result = db.pragma("integrity_check", { simple: true });
    if (result !== "ok") throw new Error(`${file} failed its integrity check: ${String(result)}`);
  } finally {
    db.close();
  }
}

/**
 * A consistent copy of a live database through SQLite's online backup API: the copy is one
 * snapshot even while the server keeps writing (WAL included). Written beside the target, then renamed.
 */
export async function backupDatabase(source: string, target: string) {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  const db = new Database(source, { fileMustExist: true, timeout: 5000 });
  try {
    await db.backup(partial);
  } finally {
    db.close();
  }
  checkIntegrity(partial);
  fs.renameSync(partial, target);
  return { target, bytes: fs.statSync(target).size };
}

/**
 * Puts a backup back: checks it, then copies it page by page into the target through the backup API,
 * which takes the target's write lock, so a running server sees the restored data on its next query.
 */
export async function restoreDatabase(backup: string, target: string) {
  checkIntegrity(backup);
  const db = new Database(backup, { readonly: true, fileMustExist: true });
  try {
    await db.backup(target);
  } finally {
    db.close();
  }
  checkIntegrity(target);
  return { target, bytes: fs.statSync(target).size };
}
