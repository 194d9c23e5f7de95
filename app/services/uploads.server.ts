// An image upload: its type read from its bytes, its size checked, then stored and recorded.
import { fileTypeFromBuffer } from "file-type";
import { byteStore } from "~/db/byte-store.server";
import type { Refusal } from "~/domain/reply";
import { IMAGE_TYPES, MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE, UPLOAD_WRONG_TYPE, isImageType } from "~/domain/uploads";
import { createUpload, findItemUpload, findPublicUpload } from "~/models/upload.server";
import { latestVisual } from "~/models/visual.server";
import { visualCard, visualPng } from "./visual-png.server";

const keepBytes = (bytes: Buffer, ext: string) => byteStore().keepBytes(bytes, ext);
const loadBytes = (sha256: string, ext: string) => byteStore().loadBytes(sha256, ext);

type Stored = { ok: true; id: string; url: string; alt: string };

export async function storeImage(
  file: File,
  input: { alt: string; contentId?: string; userId: string },
): Promise<Stored | (Refusal & { field: "file" })> {
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, kind: "invalid", field: "file", error: UPLOAD_TOO_LARGE };
  const bytes = Buffer.from(await file.arrayBuffer());
  const sniffed = await fileTypeFromBuffer(bytes);
  if (!isImageType(sniffed?.mime)) return { ok: false, kind: "invalid", field: "file", error: UPLOAD_WRONG_TYPE };
  const mime = sniffed.mime;
  const sha256 = await keepBytes(bytes, IMAGE_TYPES[mime]);
  const row = await createUpload({
    sha256,
    mime,
    bytes: bytes.length,
    alt: input.alt,
    fileName: file.name.slice(0, 200),
    contentId: input.contentId ?? null,
    createdById: input.userId,
  });
  return { ok: true, id: row.id, url: `/uploads/${row.id}`, alt: row.alt };
}

/** The item's newest visual as a PNG image of the article, stored like an upload. */
export async function storeItemVisual(contentId: string, userId: string): Promise<Stored | Refusal> {
  const latest = await latestVisual(contentId);
  const card = latest ? await visualPng(latest.id) : null;
  if (!card) return { ok: false, kind: "not-found", error: "This item has no visual yet: make one with Create Visual first." };
  const alt = `Social card for “${card.title}”`;
  const sha256 = await keepBytes(card.png, "png");
  const row = await createUpload({
    sha256,
    mime: "image/png",
    bytes: card.png.length,
    alt,
    fileName: "visual.png",
    contentId,
    createdById: userId,
  });
  return { ok: true, id: row.id, url: `/uploads/${row.id}`, alt: row.alt };
}

/**
 * A visual's card as a public upload (`/uploads/<id>`), stored once per item and image; null when the
 * visual is gone. The square card is Instagram's, and Instagram takes JPEG only; the link card is a PNG.
 */
export async function storeCardImage(visualId: string, size: "link" | "square", userId: string): Promise<string | null> {
  const square = size === "square";
  const card = await visualCard(visualId, size, square ? "jpeg" : "png");
  if (!card) return null;
  const contentId = card.contentId;
  const sha256 = await keepBytes(card.bytes, square ? "jpg" : "png");
  const row =
    (await findItemUpload(sha256, contentId)) ??
    (await createUpload({
      sha256,
      mime: square ? "image/jpeg" : "image/png",
      bytes: card.bytes.length,
      alt: `Social card for “${card.title}”`,
      fileName: square ? "card-1080x1080.jpg" : "card-1200x630.png",
      contentId,
      createdById: userId,
    }));
  return `/uploads/${row.id}`;
}

/** A card path behind sign-in (`/visuals/<id>/png[?size=square]`, older posts) as its public upload; other URLs unchanged. */
export async function publicImagePath(imageUrl: string, userId: string): Promise<string | null> {
  const match = /^\/visuals\/([^/?#]+)\/png(\?size=square)?$/.exec(imageUrl);
  if (!match) return imageUrl;
  return storeCardImage(match[1], match[2] ? "square" : "link", userId);
}

/** The stored image and its type, or null. */
export async function readImage(id: string) {
  const upload = await findPublicUpload(id);
  if (!upload || !isImageType(upload.mime)) return null;
  const bytes = await loadBytes(upload.sha256, IMAGE_TYPES[upload.mime]);
  return bytes ? { bytes, mime: upload.mime, alt: upload.alt } : null;
}
