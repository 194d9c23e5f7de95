import { createOnce, routeAction } from "~/web/action.server";
import { getUpload } from "~/models/upload.server";
import { authorize } from "~/web/authorize.server";
import { MAX_UPLOAD_REQUEST_BYTES, UPLOAD_TOO_LARGE, UPLOAD_WRONG_TYPE, UploadSchema, VisualUploadSchema } from "~/domain/uploads";
import { fail, invalid, ok, refused } from "~/web/reply.server";
import { storeImage, storeItemVisual } from "~/services/uploads.server";

// POST /uploads (multipart: file, alt, contentId?): stores an image for an article and answers its URL;
// source=visual&contentId=… stores the item's newest visual as a PNG instead.
// Sent again with its key, it answers with the upload the first stored.
const storedAs = (row: { id: string; alt: string }) => ok({ id: row.id, url: `/uploads/${row.id}`, alt: row.alt });
const storedBefore = async (id: string) => storedAs({ id, alt: (await getUpload(id))?.alt ?? "" });

export const action = routeAction({
  handler: createOnce(async ({ user, form, fields }) => {
    authorize(user, "content.create");
    if (fields.source === "visual") {
      const visual = VisualUploadSchema.safeParse(fields);
      if (!visual.success) return invalid(visual.error);
      const stored = await storeItemVisual(visual.data.contentId, user.id);
      return stored.ok ? storedAs(stored) : refused(stored);
    }
    const parsed = UploadSchema.safeParse(fields);
    if (!parsed.success) return invalid(parsed.error);
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) return fail("invalid", UPLOAD_WRONG_TYPE, { file: "Choose an image file." });
    const stored = await storeImage(file, { ...parsed.data, userId: user.id });
    if (!stored.ok) return refused(stored, { [stored.field]: stored.error });
    return storedAs(stored);
  }, storedBefore),
  resource: true,
  maxBytes: MAX_UPLOAD_REQUEST_BYTES,
  tooLarge: () => fail("invalid", UPLOAD_TOO_LARGE, { file: UPLOAD_TOO_LARGE }),
});
