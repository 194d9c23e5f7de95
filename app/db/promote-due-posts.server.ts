// Scheduled channel posts whose time has come become publishing jobs in one statement (decision 020):
// raw SQL, since Prisma cannot set one column from another (nextAttemptAt = scheduledAt). The two
// engines make the delivery key's random part differently (decision 068).
import { perEngine } from "./engine.server";
import { promoteDuePostsPostgres } from "./postgres/promote-due-posts.server";
import { promoteDuePostsSqlite } from "./sqlite/promote-due-posts.server";

const engine = perEngine<(now: Date) => Promise<void>>({
  sqlite: () => promoteDuePostsSqlite,
  postgresql: () => promoteDuePostsPostgres,
});

/** Scheduled posts due by `now`, on items already published, become publishing with their time as the next attempt. */
export function promoteDuePosts(now: Date): Promise<void> {
  return engine()(now);
}
