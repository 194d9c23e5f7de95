// The benchmark's baseline (npm run bench): a Remix route that returns a constant, so the screens'
// figures can be read as a ratio to what Remix and the server cost on their own. It reads no session
// and no database; still, it answers only where the bench harness turns it on (BENCH_ROUTES=on).
export const loader = () => {
  if (process.env.BENCH_ROUTES !== "on") throw new Response("Not Found", { status: 404 });
  return new Response("ok", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
};
