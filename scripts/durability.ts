// npm run durability: two checks against the built server on one SQLite file (`-- --postgres`: one
// fresh PostgreSQL database, issue 38).
// 1. SIGKILL in the middle of a 1,000-write burst (comments and autosaves), restart on the same data,
//    and show that every write the server acknowledged is present.
// 2. 1,000 concurrent autosaves of one item from the same version: exactly one wins, every loser gets
//    409 with the winner's text, and the acknowledged text is what is stored.
// Env: DURABILITY_PORT (4154), BURST (1000), CONFLICTS (1000).
import "../server/require-node"; // first: refuses an older Node before anything loads
import { benchDatabase } from "./lib/bench-database";
import { StudioClient } from "./lib/studio-client";
import { signIn, startServer } from "./lib/studio-server";

const PORT = Number(process.env.DURABILITY_PORT ?? 4154);
const BURST = Number(process.env.BURST ?? 1000);
const CONFLICTS = Number(process.env.CONFLICTS ?? 1000);
const database = await benchDatabase(`studio-durability-${PORT}`);
const RUN = `dur-${Date.now().toString(36)}`;
let failed = false;

async function itemRow(id: string) {
  const [row] = await database.query<{ body: string; version: number }>('SELECT "body", "version" FROM "ContentItem" WHERE "id" = $1', [
    id,
  ]);
  return row;
}

// 1. Kill mid-burst.
{
  const server = await startServer({ port: PORT, databaseUrl: database.url });
  const client = new StudioClient(server.url, await signIn(server.url));
  const item = await client.createItem(`${RUN} burst`);
  const acknowledgedComments: string[] = [];
  let lastSavedBody = "";
  let lastSavedVersion = 1;
  let sent = 0;
  let refused = 0;
  let killedAfter = -1;

  const comments = async (lane: number) => {
    while (sent < BURST) {
      const n = sent++;
      if (n % 10 === 0) continue; // every tenth write is an autosave, on the autosave lane
      const text = `${RUN} comment ${n}`;
      try {
        if ((await client.comment(item, text)) === 200) acknowledgedComments.push(text);
        else refused++;
      } catch {
        /* the server died under this request: not acknowledged */
      }
      if (killedAfter < 0 && acknowledgedComments.length >= BURST * 0.4 && lane === 0) {
        killedAfter = acknowledgedComments.length;
        server.process.kill("SIGKILL");
      }
    }
  };
  const autosaves = async () => {
    for (let i = 0; sent < BURST; i++) {
      const body = `${RUN} autosave ${i}`;
      try {
        const { status, reply } = await client.save(item, lastSavedVersion, body);
        if (status === 200 && reply?.ok) {
          lastSavedBody = body;
          lastSavedVersion = reply.version!;
        }
      } catch {
        return;
      }
    }
  };
  await Promise.all([...Array.from({ length: 16 }, (_, lane) => comments(lane)), autosaves()]);
  await server.stop();

  const restarted = await startServer({ port: PORT, databaseUrl: database.url });
  const healthy = (await fetch(`${restarted.url}/healthcheck`)).ok;
  await restarted.stop();
  const stored = new Set(
    (await database.query<{ body: string }>('SELECT "body" FROM "Comment" WHERE "body" LIKE $1', [`${RUN} comment %`])).map((c) => c.body),
  );
  const row = await itemRow(item);
  const integrity = await database.integrity();
  const missing = acknowledgedComments.filter((c) => !stored.has(c));
  const bodyKept =
    lastSavedBody === "" || (row.version >= lastSavedVersion && (row.version > lastSavedVersion || row.body === lastSavedBody));
  console.log(
    `Kill test: SIGKILL after ${killedAfter} acknowledged comments; ${acknowledgedComments.length} acknowledged in all, ${refused} refused.`,
  );
  console.log(
    `  After restart: server healthy ${healthy}, integrity ${integrity}, ${missing.length} acknowledged comments missing, ${stored.size - acknowledgedComments.length + missing.length} stored but unacknowledged (in flight at the kill).`,
  );
  console.log(`  Last acknowledged autosave v${lastSavedVersion} ${bodyKept ? "present" : "MISSING"} (stored v${row.version}).`);
  if (!healthy || (integrity !== "ok" && !integrity.startsWith("not checked")) || missing.length || !bodyKept || killedAfter < 0)
    failed = true;
}

// 2. Conflicting autosaves.
{
  const server = await startServer({ port: PORT, databaseUrl: database.url });
  const client = new StudioClient(server.url, await signIn(server.url));
  const item = await client.createItem(`${RUN} conflict`);
  const results = await Promise.all(
    Array.from({ length: CONFLICTS }, async (_, i) => {
      const body = `${RUN} contender ${i}`;
      try {
        return { body, ...(await client.save(item, 1, body)) };
      } catch (error) {
        return { body, status: 0, reply: null, error: (error as Error).message };
      }
    }),
  );
  await server.stop();
  const winners = results.filter((r) => r.status === 200);
  const losers = results.filter((r) => r.status === 409);
  const others = results.filter((r) => r.status !== 200 && r.status !== 409);
  const row = await itemRow(item);
  const winner = winners[0]?.body;
  const losersSeeWinner = losers.every((l) => l.reply?.current?.body === winner);
  console.log(
    `Conflict test: ${CONFLICTS} concurrent autosaves from version 1: ${winners.length} acknowledged, ${losers.length} got 409, ${others.length} other (${[...new Set(others.map((o) => o.status))].join(", ") || "none"}).`,
  );
  console.log(
    `  Stored text is the acknowledged one: ${row.body === winner} (v${row.version}); every 409 carries it back: ${losersSeeWinner}.`,
  );
  if (winners.length !== 1 || losers.length !== CONFLICTS - 1 || row.body !== winner || !losersSeeWinner) failed = true;
}

await database.remove();
console.log(failed ? "FAIL" : "PASS: every acknowledged write survived the kill; one winner, every loser 409, no acknowledged text lost");
process.exitCode = failed ? 1 : 0;
