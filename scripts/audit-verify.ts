// npm run audit:verify [-- --head <seq>:<hash>]   walks DATABASE_URL's audit hash chain (decision 075)
// Exit 0: prints the head (seq, hash, when) and the entry count of an untouched log. Exit 1: names the
// first entry that was changed, removed or inserted. With --head, a head written down earlier must
// still be in the chain: the entry at that seq has that hash.
import "../server/require-node"; // first: refuses an older Node before anything loads
import { prisma } from "~/db/db.server";
import { chainHead, entryHashAt, verifyAuditChain } from "~/models/audit-chain.server";

const args = process.argv.slice(2);
const written = args[args.indexOf("--head") + 1];
const expected = args.includes("--head") ? /^(\d+):([0-9a-f]{64})$/.exec(written ?? "") : null;

try {
  if (args.includes("--head") && !expected) {
    console.error("Usage: npm run audit:verify [-- --head <seq>:<64 hex digits>]");
    process.exitCode = 2;
  } else {
    const check = await verifyAuditChain();
    if (!check.ok) {
      console.error(`The audit log was tampered with: ${check.problem.message}`);
      console.error(`(${check.checked} entries checked before it.)`);
      process.exitCode = 1;
    } else {
      const head = await chainHead();
      if (expected) {
        const at = await entryHashAt(Number(expected[1]));
        if (at.kind !== "found" || at.hash !== expected[2]) {
          console.error(
            at.kind === "pruned"
              ? `Entry #${expected[1]} is before the chain's base (the retention removed it): the written-down head cannot be checked.`
              : `The written-down head #${expected[1]} is not in this chain: the log was rewritten up to there.`,
          );
          process.exitCode = 1;
        }
      }
      if (!process.exitCode)
        console.log(
          `The audit log is intact: ${check.count} entries, head #${head.seq} ${head.hash}${head.at ? ` written ${head.at.toISOString()}` : ""}.`,
        );
    }
  }
} finally {
  await prisma.$disconnect();
}
