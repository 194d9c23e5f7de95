import { z } from "zod";

/** Images a member may insert, by the type their bytes show (not their name). */
export const IMAGE_TYPES = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp", "image/gif": "gif" } as const;
export type ImageType = keyof typeof IMAGE_TYPES;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** The form around the file: its fields and multipart boundaries. */
export const MAX_UPLOAD_REQUEST_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;
export const UPLOAD_TOO_LARGE = "Images can be at most 5 MB: export a smaller one and try again.";
export const UPLOAD_WRONG_TYPE = "Upload a PNG, JPEG, WebP or GIF image.";

export function isImageType(mime: string | undefined): mime is ImageType {
  return !!mime && Object.hasOwn(IMAGE_TYPES, mime);
}

export const UploadSchema = z.object({
  alt: z
    .string({ required_error: "Describe the image for readers who cannot see it." })
    .trim()
    .min(1, "Describe the image for readers who cannot see it.")
    .max(250, "Keep the description to 250 characters."),
  contentId: z.string().min(1).optional(),
});

/** The Markdown that shows an uploaded image; brackets in the description are escaped. */
export function imageMarkdown(alt: string, url: string): string {
  return `![${alt.replace(/([[\]\\])/g, "\\$1")}](${url})`;
}

/** "Insert the item's visual": its newest social card, stored as a PNG image. */
export const VisualUploadSchema = z.object({
  source: z.literal("visual"),
  contentId: z.string({ required_error: "Choose an item." }).min(1, "Choose an item."),
});
