import { describe, expect, it } from "vitest";
import { listeningLine, sharedKeyWarning } from "./listening-line";

describe("listeningLine", () => {
  it("names the address and the Node the server runs on", () => {
    expect(listeningLine("http://localhost:3000")).toContain(`Node ${process.version}`);
    expect(listeningLine("http://localhost:3000", {})).toMatch(/^Content Studio on http:\/\/localhost:3000 \(/);
  });
  it("names STUDIO_URL, the address people open, not localhost, and where it listens", () => {
    const line = listeningLine("http://localhost:3000", { STUDIO_URL: "https://studio.example.com/", NODE_ENV: "production" });
    expect(line).toMatch(
      /^Content Studio on https:\/\/studio\.example\.com \(production, Node .+, listening on http:\/\/localhost:3000\)$/,
    );
    expect(listeningLine("http://localhost:3000", { STUDIO_URL: "  " })).toMatch(/^Content Studio on http:\/\/localhost:3000 /);
  });
});

describe("sharedKeyWarning", () => {
  const postgres = "postgresql://studio@db:5432/studio";
  it("asks replicas on PostgreSQL for one shared STUDIO_SECRET_KEY", () => {
    expect(sharedKeyWarning({ DATABASE_URL: postgres })).toMatch(
      /^STUDIO_SECRET_KEY is not set: .*studio-secret\.key, which other replicas cannot open/,
    );
    expect(sharedKeyWarning({ DATABASE_URL: postgres, STUDIO_SECRET_KEY: "  " })).not.toBeNull();
  });
  it("says nothing with a key, or on SQLite, whose key file sits beside its one database", () => {
    expect(sharedKeyWarning({ DATABASE_URL: postgres, STUDIO_SECRET_KEY: "k".repeat(64) })).toBeNull();
    expect(sharedKeyWarning({ DATABASE_URL: "file:./prisma/dev.db" })).toBeNull();
    expect(sharedKeyWarning({})).toBeNull();
  });
});
