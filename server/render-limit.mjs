// At most a few page reads (GET) render at once; the rest wait their turn in arrival order
// (decision 013). Writes never wait here: an autosave is short and must not queue behind renders.
// Node runs one render at a time anyway; interleaving dozens only holds dozens of half-built pages
// in memory, which the capped heap could not afford.

/**
 * Express middleware.
 * @param {{ limit: number }} options
 */
export function renderLimit({ limit }) {
  let running = 0;
  /** @type {(() => void)[]} */
  const waiting = [];

  const release = () => {
    running--;
    waiting.shift()?.();
  };

  const middleware = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const start = () => {
      running++;
      if (res.destroyed) return release(); // the client left while it waited
      let done = false;
      const finish = () => {
        if (!done) release();
        done = true;
      };
      // The slot is free once the body is written out, not when a slow client has read it all.
      const end = res.end;
      res.end = function (...args) {
        finish();
        return end.apply(this, args);
      };
      res.once("close", finish);
      next();
    };
    if (running < limit) start();
    else waiting.push(start);
  };
  middleware.stats = () => ({ running, waiting: waiting.length });
  return middleware;
}
