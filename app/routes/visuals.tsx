import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { fieldErrors } from "~/domain/auth-forms";
import { CreateVisualSchema } from "~/domain/assistant/caption-forms";
import { canEditContent, forbiddenMessage } from "~/domain/permissions";
import { socialCardSvg } from "~/domain/social-card";
import { getBrandVoice } from "~/models/assistant.server";
import { createVisual, getQuickActionSource } from "~/models/visual.server";
import { requireUser } from "~/session.server";

export type VisualReply =
  | { ok: true; visual: { id: string; url: string; title: string; tone: string } }
  | { ok: false; error: string; errors: Record<string, string> };

const refuse = (status: number, error: string, errors: Record<string, string> = {}) => json<VisualReply>({ ok: false, error, errors }, { status });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return redirect("/");
}

/** Create Visual: renders the item's social card in the brand tone, stores it, and it becomes the thumbnail. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const parsed = CreateVisualSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return refuse(400, "No visual was created.", fieldErrors(parsed.error));
  const item = await getQuickActionSource(parsed.data.contentId);
  if (!item) return refuse(404, "That content item does not exist.", { contentId: "That content item does not exist." });
  // A visual replaces the item's thumbnail, so it takes the right to edit the item.
  if (!canEditContent(user, item)) {
    return refuse(403, user.role === "Writer" ? "Writers can only make visuals for their own drafts." : forbiddenMessage(user.role, "content.editAny"));
  }
  const { tone } = await getBrandVoice();
  const svg = socialCardSvg({ title: item.title, type: item.type, tone });
  const visual = await createVisual({ contentId: item.id, svg, tone: tone.id, userId: user.id, title: item.title });
  return json<VisualReply>({ ok: true, visual: { id: visual.id, url: `/visuals/${visual.id}`, title: item.title, tone: tone.name } });
}
