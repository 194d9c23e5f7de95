// Where the studio's public server listens: PORT (3000), on HOST if set. The front process in
// production (decision 028), the app itself under `remix dev`.
import type { Server } from "node:http";

export function listenOnPort(server: Server): Server {
  const port = Number(process.env.PORT ?? 3000);
  const onListen = () => console.log(`Content Studio on http://localhost:${port} (${process.env.NODE_ENV ?? "development"})`);
  return process.env.HOST ? server.listen(port, process.env.HOST, onListen) : server.listen(port, onListen);
}
