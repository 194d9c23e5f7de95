// Delivers every channel post that is due, once, then exits: for a deployment that keeps delivery
// out of the web process (run it from cron), and for the SIGKILL test.
// Usage: DATABASE_URL=file:… npx tsx scripts/deliver-channel-posts.ts
import "../server/require-node"; // first: refuses an older Node before anything loads
import { ensureDatabaseReady } from "../app/db/db.server";
import { deliverDueChannelPosts } from "../app/services/channel-delivery.server";
import { eachWorkspace } from "../app/db/workspaces.server";

await ensureDatabaseReady();
// Each workspace's due posts, in that workspace (decision 073): one line each.
await eachWorkspace(async () => {
  console.log(JSON.stringify(await deliverDueChannelPosts()));
  return null;
});
process.exit(0);
