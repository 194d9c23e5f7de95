// Ports and files shared by playwright.config.ts, the global setup and the fixtures.
const PORT = Number(process.env.E2E_PORT ?? 3101);

export const E2E = {
  port: PORT,
  /** The config's webServer: a freshly seeded database nobody changes ("fresh-seed" project). */
  freshUrl: `http://localhost:${PORT}`,
  freshDb: `prisma/e2e-${PORT}.db`,
  /** The fresh database plus sign-in sessions, copied for each worker's server. */
  templateDb: `prisma/e2e-${PORT}-template.db`,
  workerPort: (workerIndex: number) => PORT + 10 + (workerIndex % 30), // PORT+10 … PORT+39
  workerDb: (workerIndex: number) => `prisma/e2e-${PORT}-w${workerIndex}.db`,
  /** Where a worker's server looks for Ollama (OLLAMA_HOST): a test may start a fake one there. PORT+1 … PORT+9. */
  ollamaPort: (serverPort: number) => PORT + 1 + (Math.abs(serverPort - PORT - 10) % 9),
  /** e2e/replicas.spec.ts's two replicas and its proxy: PORT+90, PORT+91, PORT+92. */
  replicaPorts: [PORT + 90, PORT + 91, PORT + 92] as const,
  /** Where a worker's server finds X and LinkedIn: a spec may start the fake network there. PORT+40 … PORT+69. */
  networkPort: (serverPort: number) => PORT + 40 + (Math.abs(serverPort - PORT - 10) % 30),
  /** Where a worker's server finds Meta's Graph API and Threads: a spec may start the fake there. PORT+70 … PORT+99. */
  metaPort: (serverPort: number) => PORT + 70 + (Math.abs(serverPort - PORT - 10) % 30),
  /** Set by playwright.config.ts: the same command its webServer ends with. */
  get serverCommand() {
    return process.env.E2E_SERVER_COMMAND ?? "node build/server.js";
  },
  serverEnv: (port: number, dbFile: string) => ({
    DATABASE_URL: `file:./${dbFile}`,
    PORT: String(port),
    NODE_ENV: "production" as const,
    LOG_REQUESTS: "false",
    OLLAMA_HOST: `http://127.0.0.1:${E2E.ollamaPort(port)}`,
    // Live typing becomes a revision 1 s after it stops (30 s in production), so History can be checked.
    REVISION_IDLE_MS: "1000",
    // Native networks point at the fake on loopback (tests/fake-network.ts); nothing reaches a real one.
    ...Object.fromEntries(
      ["X_AUTH", "X_API", "LINKEDIN_AUTH", "LINKEDIN_API", "BLUESKY_SERVICE", "BLUESKY_WEB"].map((n) => [
        `NETWORK_${n}_URL`,
        `http://127.0.0.1:${E2E.networkPort(port)}`,
      ]),
    ),
    ...Object.fromEntries(
      ["META_AUTH", "META_API", "THREADS_AUTH", "THREADS_API", "INSTAGRAM_WEB", "THREADS_WEB"].map((n) => [
        `NETWORK_${n}_URL`,
        `http://127.0.0.1:${E2E.metaPort(port)}`,
      ]),
    ),
    // Mastodon's instance is typed on the page: the fake's loopback address must be let through.
    STUDIO_ALLOW_PRIVATE_TARGETS: "1",
    // A failing channel post is retried after 0.3 s, then 0.6 s (30 s, 60 s in production).
    CHANNEL_RETRY_BASE_MS: "300",
  }),

  async waitForHealth(url: string, failed: () => string | null = () => null, timeoutMs = 60_000) {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const reason = failed();
      if (reason) throw new Error(reason);
      const ok = await fetch(`${url}/healthcheck`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      if (Date.now() > end) throw new Error(`${url} did not answer /healthcheck`);
      await new Promise((r) => setTimeout(r, 100));
    }
  },
};
