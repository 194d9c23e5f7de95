import { prisma } from "~/db/db.server";
import { THROTTLE_WINDOW_MS } from "~/domain/throttle";

export function recordLoginFailure(email: string, ip: string, now = new Date()) {
  return prisma.loginFailure.create({ data: { email, ip, createdAt: now }, select: { id: true } });
}

/** Failures inside the throttle window, for the account and for the address. */
export async function recentLoginFailures(email: string, ip: string, now = new Date()) {
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const [account, address] = await Promise.all([
    prisma.loginFailure.findMany({ where: { email, createdAt: { gt: since } }, select: { createdAt: true } }),
    prisma.loginFailure.findMany({ where: { ip, createdAt: { gt: since } }, select: { createdAt: true } }),
  ]);
  return { accountFailures: account.map((f) => f.createdAt), addressFailures: address.map((f) => f.createdAt) };
}

/** A successful sign-in forgives the account's earlier failures and drops rows too old to count. */
export function clearLoginFailures(email: string, now = new Date()) {
  return prisma.loginFailure.deleteMany({
    where: { OR: [{ email }, { createdAt: { lte: new Date(now.getTime() - THROTTLE_WINDOW_MS) } }] },
  });
}
