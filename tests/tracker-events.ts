// A page view as the tracker's group commit receives it (app/models/event-commit.server.ts), for tests.
import type { IngestEvent } from "~/db/tracker.server";

export const VIEWED_ITEM = "content-026";

export const pageView = (pageviewId: string, contentId: string | null = VIEWED_ITEM): IngestEvent => ({
  kind: "view",
  at: new Date(),
  pageviewId,
  contentId,
  url: "https://blog.example/post",
  referrer: "",
  utmSource: "",
  utmMedium: "",
  utmCampaign: "",
  visitor: "h",
});
