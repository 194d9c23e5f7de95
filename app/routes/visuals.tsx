import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { createOnce, routeAction } from "~/web/action.server";
import { authorize } from "~/web/authorize.server";
import { CreateVisualSchema } from "~/domain/assistant/caption-forms";
import { socialCardSvg } from "~/domain/social-card";
import { getBrandVoice } from "~/models/assistant.server";
import { channelSettings } from "~/models/channel-post.server";
import { createVisual, getQuickActionSource, visualMade } from "~/models/visual.server";
import { fail, invalid, ok } from "~/web/reply.server";
import { requireUser } from "~/web/session.server";

const NO_ITEM = "That content item does not exist.";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return redirect("/");
}

const made = (visual: { id: string; title: string; tone: string }) => ok({ visual: { ...visual, url: `/visuals/${visual.id}` } });

/**
 * Create Visual: renders the item's social card in the brand tone, stores it, and it becomes the thumbnail.
 * Sent again with its key, the same visual.
 */
export const action = routeAction({
  handler: createOnce(
    async ({ user, fields }) => {
      const parsed = CreateVisualSchema.safeParse(fields);
      if (!parsed.success) return invalid(parsed.error, "No visual was created.");
      const item = await getQuickActionSource(parsed.data.contentId);
      if (!item) return fail("not-found", NO_ITEM, { contentId: NO_ITEM });
      // A visual replaces the item's thumbnail, so it takes the right to edit the item.
      authorize(user, "content.editAny", { item });
      const [{ tone }, { teamName }] = await Promise.all([getBrandVoice(), channelSettings()]);
      const svg = socialCardSvg({ title: item.title, type: item.type, tone, brand: teamName });
      const visual = await createVisual({ contentId: item.id, svg, tone: tone.id, userId: user.id, title: item.title });
      return made({ id: visual.id, title: item.title, tone: tone.name });
    },
    async (visualId) => {
      const visual = await visualMade(visualId);
      return visual ? made(visual) : fail("not-found", "That visual was made and has since been removed.");
    },
  ),
  resource: true,
});
