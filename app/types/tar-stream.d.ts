// The part of tar-stream 2.x the workspace archive uses (@types/tar-stream is not installed here).
declare module "tar-stream" {
  import type { Readable, Writable } from "node:stream";

  export interface Headers {
    name: string;
    size?: number;
    mode?: number;
    mtime?: Date;
    type?: "file" | "directory" | "symlink" | "link";
  }
  export interface Pack extends Readable {
    entry(headers: Headers, buffer: Buffer | string, callback?: (error?: Error | null) => void): Writable;
    finalize(): void;
  }
  export interface Extract extends Writable {
    on(event: "entry", listener: (headers: Headers, stream: Readable, next: (error?: unknown) => void) => void): this;
    on(event: "finish" | "close", listener: () => void): this;
    on(event: "error", listener: (error: Error) => void): this;
  }
  export function pack(): Pack;
  export function extract(): Extract;
}
