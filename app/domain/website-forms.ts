// Settings › Website (decision 021): one schema per intent.
import { z } from "zod";
import { normalizeOrigin } from "~/domain/tracker";

export const AddSiteSchema = z.object({
  origin: z
    .string({ required_error: "Enter the site's address." })
    .trim()
    .min(1, "Enter the site's address.")
    .max(200, "Use at most 200 characters.")
    .transform((v, ctx) => {
      const origin = normalizeOrigin(v);
      if (!origin) {
        ctx.addIssue({ code: "custom", message: "Enter the site's origin only, like https://www.example.com." });
        return z.NEVER;
      }
      return origin;
    }),
});

export const RemoveSiteSchema = z.object({ id: z.string().min(1, "Choose a site.") });

export const TrackerOptionsSchema = z.object({
  respectDoNotTrack: z.preprocess((v) => v === "on" || v === "true", z.boolean()),
  retentionDays: z.coerce
    .number({ invalid_type_error: "Enter a number of days." })
    .int("Enter a whole number of days.")
    .min(7, "Keep raw events at least 7 days.")
    .max(730, "Keep raw events at most 730 days."),
});

export const CreateTokenSchema = z.object({
  name: z
    .string({ required_error: "Name the token." })
    .trim()
    .min(1, "Name the token, for example the tool that will use it.")
    .max(80, "Use at most 80 characters."),
});

export const RevokeTokenSchema = z.object({ id: z.string().min(1, "Choose a token.") });

export const CsvTextSchema = z.object({ csv: z.string().min(1, "Choose a CSV file.") });
