// Upload bytes beside SQLite's database: files named by their SHA-256 (decisions 052, 068).
import { deleteBytes, readBytes, storeBytes } from "~/db/sqlite/upload-files.server";

export const keepBytes = (bytes: Buffer, ext: string): Promise<string> => storeBytes(bytes, ext);

export const loadBytes = (sha256: string, ext: string): Promise<Buffer | null> => readBytes(sha256, ext);

export const dropBytes = (sha256: string, ext: string): Promise<void> => deleteBytes(sha256, ext);
