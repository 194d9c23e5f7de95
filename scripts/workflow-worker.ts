// The workflow runner in a process of its own, for a deployment that keeps it out of the web server
// (start the server with WORKFLOW_RUNNER=off). Usage: DATABASE_URL=file:… npx tsx scripts/workflow-worker.ts
// WORKFLOW_LEASE_MS sets how long a step stays claimed without a heartbeat (default 15 s).
import "../server/require-node"; // first: refuses an older Node before anything loads
import { ensureDatabaseReady } from "../app/db/db.server";
import { startWorkflowRunner } from "../app/jobs/workflow-runner.server";

await ensureDatabaseReady();
const leaseMs = Number(process.env.WORKFLOW_LEASE_MS ?? 15_000);
const runner = startWorkflowRunner({ leaseMs });
console.log(`workflow runner ${runner.owner} started`);
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, async () => {
    await runner.stop();
    process.exit(0);
  });
}
