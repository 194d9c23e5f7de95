import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { askForStatusInHeader } from "./web/handled-reply.client";
import { quietSupersededLoads } from "./web/superseded-loads.client";

// Before Remix makes its first request: a refused form must not log "Failed to load resource" (decision 024).
askForStatusInHeader();
quietSupersededLoads();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
