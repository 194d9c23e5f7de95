import type { ActionInput } from "~/web/action.server";
import { requireEditableItem } from "~/web/authorize.server";
import { DetailsSchema } from "~/domain/content-details";
import { saveDetails } from "~/models/content-write.server";
import { invalid, ok, refused } from "~/web/reply.server";

/** Title, slug and excerpt: who may edit the text may rename it. */
export async function details({ user, fields }: ActionInput) {
  await requireEditableItem(user, fields.id, { intent: "details" });
  const parsed = DetailsSchema.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error, undefined, { intent: "details" });
  const result = await saveDetails(parsed.data, user.id);
  if (!result.ok) return refused(result, result.field ? { [result.field]: result.error } : {}, { intent: "details" });
  return ok({ intent: "details", title: result.title, slug: result.slug, excerpt: result.excerpt });
}
