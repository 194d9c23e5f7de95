// Delivers every channel post that is due, once, then exits: for a deployment that keeps delivery
// out of the web process (run it from cron), and for the SIGKILL test.
// Usage: DATABASE_URL=file:… npx tsx scripts/deliver-channel-posts.ts
import "../server/require-node"; // first: refuses an older Node before anything loads
import { ensureDatabaseReady } from "../app/db/db.server";
import { deliverDueChannelPosts } from "../app/services/channel-delivery.server";

await ensureDatabaseReady();
console.log(JSON.stringify(await deliverDueChannelPosts()));
process.exit(0);
