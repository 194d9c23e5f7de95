import { resourceFormAction } from "~/web/action.server";
import { requirePermission } from "~/web/authorize.server";
import { MAX_UPLOAD_REQUEST_BYTES, UPLOAD_TOO_LARGE, UPLOAD_WRONG_TYPE, UploadSchema, VisualUploadSchema } from "~/domain/uploads";
import { fail, invalid, ok, refused } from "~/web/reply.server";
import { storeImage, storeItemVisual } from "~/services/uploads.server";

// POST /uploads (multipart: file, alt, contentId?): stores an image for an article and answers its URL;
// source=visual&contentId=… stores the item's newest visual as a PNG instead.
export const action = resourceFormAction(
  async ({ user, form, fields }) => {
    requirePermission(user, "content.create");
    if (fields.source === "visual") {
      const visual = VisualUploadSchema.safeParse(fields);
      if (!visual.success) return invalid(visual.error);
      const stored = await storeItemVisual(visual.data.contentId, user.id);
      return stored.ok ? ok({ id: stored.id, url: stored.url, alt: stored.alt }) : refused(stored);
    }
    const parsed = UploadSchema.safeParse(fields);
    if (!parsed.success) return invalid(parsed.error);
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) return fail("invalid", UPLOAD_WRONG_TYPE, { file: "Choose an image file." });
    const stored = await storeImage(file, { ...parsed.data, userId: user.id });
    if (!stored.ok) return refused(stored, { [stored.field]: stored.error });
    return ok({ id: stored.id, url: stored.url, alt: stored.alt });
  },
  { resource: true, maxBytes: MAX_UPLOAD_REQUEST_BYTES, tooLarge: () => fail("invalid", UPLOAD_TOO_LARGE, { file: UPLOAD_TOO_LARGE }) },
);
