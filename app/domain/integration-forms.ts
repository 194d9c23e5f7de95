import { z } from "zod";

/** An optional text field: blank or absent becomes null. */
const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : (v ?? null)), schema.nullable()) as z.ZodEffects<
    z.ZodNullable<T>,
    z.output<T> | null
  >;

const webhookUrl = z
  .string()
  .trim()
  .max(2000, "Use at most 2,000 characters.")
  .url("Enter a full URL, like https://hooks.example.com/publish.")
  .refine((u) => /^https?:\/\//i.test(u), "The webhook must be an http or https URL.");

/** Settings › Integrations: connect one platform. */
export const ConnectSchema = z.object({
  platform: z.string().min(1),
  handle: z
    .string({ required_error: "Enter the account handle." })
    .trim()
    .min(1, "Enter the account handle.")
    .max(100, "Use at most 100 characters."),
  webhookUrl: optional(webhookUrl),
  webhookSecret: optional(z.string().max(200, "Use at most 200 characters.")),
});

/** Settings › Integrations: a connected platform's webhook address, changed in place (secret and posts kept). */
export const WebhookUrlSchema = z.object({
  platform: z.string().default(""),
  webhookUrl: z.string({ required_error: "Enter the new webhook URL." }).trim().min(1, "Enter the new webhook URL.").pipe(webhookUrl),
});

export const DisconnectSchema = z.object({ platform: z.string().default("") });

/** Settings › AI Agents › Local model: one of the detected Ollama server's models. */
export const OllamaChoiceSchema = z.object({ model: z.string().trim().min(1, "Choose one of the Ollama server's models.").max(200) });

/** Settings › AI Agents › Local model: whether the model server may be on loopback or a private network. */
export const LocalModelAccessSchema = z.object({
  allowed: z.enum(["on", "off"], { errorMap: () => ({ message: "Choose whether a local model server is allowed." }) }),
});

/** Settings › AI Agents: the OpenAI-compatible model. */
export const AssistantModelSchema = z.object({
  baseUrl: z
    .string({ required_error: "Enter the server's base URL." })
    .trim()
    .min(1, "Enter the server's base URL.")
    .max(2000, "Use at most 2,000 characters.")
    .url("Enter a full URL, like http://localhost:11434/v1.")
    .refine((u) => /^https?:\/\//i.test(u), "The base URL must start with http:// or https://."),
  model: z
    .string({ required_error: "Enter the model's name." })
    .trim()
    .min(1, "Enter the model's name.")
    .max(200, "Use at most 200 characters."),
  apiKey: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : (v ?? null)),
    z.string().trim().max(500, "Use at most 500 characters.").nullable(),
  ),
});

/** Settings › Integrations: the team's developer app on a network (the secret may stay blank to keep the saved one). */
export const NetworkAppSchema = z.object({
  platform: z.string().min(1),
  clientId: z
    .string({ required_error: "Enter the app's client id." })
    .trim()
    .min(1, "Enter the app's client id.")
    .max(300, "Use at most 300 characters.")
    .regex(/^\S+$/, "A client id has no spaces."),
  clientSecret: optional(z.string().trim().max(500, "Use at most 500 characters.").regex(/^\S+$/, "A client secret has no spaces.")),
});

/** Connect: the network, and for LinkedIn whether to ask for its organisation permissions too. */
export const NetworkConnectSchema = z.object({
  platform: z.string().default(""),
  organisations: z.preprocess((v) => v === "1" || v === "on", z.boolean()).default(false),
});

/** Settings › Integrations › Mastodon: the instance the studio registers itself on. */
export const MastodonInstanceSchema = z.object({
  instance: z
    .string({ required_error: "Enter your instance's address." })
    .trim()
    .min(1, "Enter your instance's address.")
    .max(300, "Use at most 300 characters.")
    .regex(/^\S+$/, "An address has no spaces."),
});

/** Settings › Integrations › Bluesky: the service (blank: the main one), the handle and an app password. */
export const BlueskyConnectSchema = z.object({
  service: optional(z.string().trim().max(300, "Use at most 300 characters.").regex(/^\S+$/, "An address has no spaces.")),
  handle: z
    .string({ required_error: "Enter the account's handle." })
    .trim()
    .min(1, "Enter the account's handle.")
    .max(253, "Use at most 253 characters.")
    .transform((h) => h.replace(/^@/, ""))
    .refine((h) => /^[^\s@]+(\.[^\s@]+)+$|^did:[a-z]+:\S+$/.test(h), "Enter a handle like brand.bsky.social."),
  appPassword: z
    .string({ required_error: "Enter an app password." })
    .trim()
    .min(1, "Enter an app password.")
    .max(100, "Use at most 100 characters."),
});

/** Settings › Integrations: which of the offered accounts (a Page, an Instagram account, an organisation) to post as. */
export const NetworkAccountSchema = z.object({
  platform: z.string().default(""),
  accountId: z.string({ required_error: "Choose an account." }).trim().min(1, "Choose an account.").max(300),
});
