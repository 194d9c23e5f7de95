import type { ActionInput } from "~/web/action.server";
import { requireCanEdit } from "~/web/authorize.server";
import { DetailsSchema } from "~/domain/content-details";
import { getEditAccess } from "~/models/content.server";
import { saveDetails } from "~/models/content-write.server";
import { fail, invalid, ok, refused } from "~/web/reply.server";

/** Title, slug and excerpt: who may edit the text may rename it. */
export async function details({ user, fields }: ActionInput) {
  const parsed = DetailsSchema.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error, undefined, { intent: "details" });
  const access = await getEditAccess(parsed.data.id);
  if (!access) return fail("not-found", "That content item does not exist.", {}, { intent: "details" });
  requireCanEdit(user, access);
  const result = await saveDetails(parsed.data, user.id);
  if (!result.ok) return refused(result, result.field ? { [result.field]: result.error } : {}, { intent: "details" });
  return ok({ intent: "details", title: result.title, slug: result.slug, excerpt: result.excerpt });
}
