// The benchmark's baseline (npm run bench): a Remix route that returns a constant, so the screens'
// figures can be read as a ratio to what Remix and the server cost on their own. Public on purpose:
// it reads no session and no database, and says nothing.
export const loader = () => new Response("ok", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
