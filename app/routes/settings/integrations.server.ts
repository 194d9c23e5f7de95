import { z } from "zod";
import { fieldErrors } from "~/domain/auth-forms";
import { connectIntegration, disconnectIntegration } from "~/models/integration.server";
import { refuse, reply, type SettingsHandler } from "./reply.server";

/** An optional text field: blank or absent becomes null. */
const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v ?? null), schema.nullable()) as z.ZodEffects<z.ZodNullable<T>, z.output<T> | null>;

const ConnectSchema = z.object({
  platform: z.string().min(1),
  handle: z.string({ required_error: "Enter the account handle." }).trim().min(1, "Enter the account handle.").max(100, "Use at most 100 characters."),
  webhookUrl: optional(
    z
      .string()
      .trim()
      .max(2000, "Use at most 2,000 characters.")
      .url("Enter a full URL, like https://hooks.example.com/publish.")
      .refine((u) => /^https?:\/\//i.test(u), "The webhook must be an http or https URL."),
  ),
  webhookSecret: optional(z.string().max(200, "Use at most 200 characters.")),
});

export const connect: SettingsHandler = async ({ user, form }) => {
  const refused = refuse("connect", user, "integrations.manage");
  if (refused) return refused;
  const parsed = ConnectSchema.safeParse(Object.fromEntries(form));
  const target = String(form.get("platform") ?? "");
  if (!parsed.success) return reply("connect", { errors: fieldErrors(parsed.error), message: "Not connected: check the fields.", target }, 400);
  const { platform, ...input } = parsed.data;
  const result = await connectIntegration(platform, input, user.id);
  if (!result.ok) return reply("connect", { message: result.error, target }, result.status);
  return reply("connect", { message: "Connected.", target });
};

export const disconnect: SettingsHandler = async ({ user, form }) => {
  const refused = refuse("disconnect", user, "integrations.manage");
  if (refused) return refused;
  const target = String(form.get("platform") ?? "");
  const result = await disconnectIntegration(target);
  if (!result.ok) return reply("disconnect", { message: result.error, target }, result.status);
  return reply("disconnect", { message: "Disconnected.", target });
};
