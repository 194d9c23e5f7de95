// What the front process (server/front.ts) and the app behind it (server/app.ts) agree on (decision 028).

/** Set for the app process: the private Unix socket it listens on. */
export const APP_SOCKET_ENV = "STUDIO_APP_SOCKET";
/** The front's traffic version, on every request it passes on (the app's page cache, decision 026). */
export const TRAFFIC_HEADER = "x-studio-traffic";
