// Runs the studio as this process's whole job (`npm start`, the container, `remix dev`): starts it,
// and on SIGTERM or SIGINT stops it (every 202'd event stored, documents saved) and exits.
import type { ServerBuild } from "@remix-run/node";
import { startStudio } from "./studio";
import { listeningLine, sharedKeyWarning } from "./listening-line";

export async function serve(build: ServerBuild) {
  const studio = await startStudio({ build });
  console.log(listeningLine(studio.url));
  const warning = sharedKeyWarning();
  if (warning) console.warn(warning);
  const exit = () => void studio.stop().then(() => process.exit(0));
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, exit);
  return studio;
}
