import { z } from "zod";
import { isPlatform, PLATFORM_LABELS, PLATFORM_LIMITS, captionLength, unknownPlatformMessage } from "./caption-length";
import type { Platform } from "./types";

const contentId = z
  .string({ required_error: "Pick an item first." })
  .trim()
  .min(1, "Pick an item first.")
  .max(100, "That is not an item id.");
const platform = z
  .string({ required_error: "Choose a platform." })
  .min(1, "Choose a platform.")
  .refine(isPlatform, (value) => ({ message: unknownPlatformMessage(value) }))
  .transform((p) => p as Platform);

export const GenerateCaptionSchema = z.object({ contentId, platform });

/** The largest limit; anything longer is refused before it is measured. */
const CAPTION_MAX = Math.max(...Object.values(PLATFORM_LIMITS)) * 2;

export const SaveCaptionSchema = z
  .object({
    contentId,
    platform,
    caption: z
      .string({ required_error: "The caption is empty." })
      .trim()
      .min(1, "The caption is empty.")
      .max(CAPTION_MAX, "The caption is far too long for any platform."),
  })
  .superRefine(({ caption, platform }, ctx) => {
    const over = captionLength(caption, platform) - PLATFORM_LIMITS[platform];
    if (over > 0)
      ctx.addIssue({
        code: "custom",
        path: ["caption"],
        message: `${over} characters over ${PLATFORM_LABELS[platform]}'s limit of ${PLATFORM_LIMITS[platform].toLocaleString("en-US")}. Shorten it before saving.`,
      });
  });

export const CreateVisualSchema = z.object({ contentId });
