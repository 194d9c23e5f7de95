// Settings › Website actions (decision 021): sites, tracker options, API tokens, CSV import.
import { createOnce, type ActionInput } from "~/web/action.server";
import { countOfBatch } from "~/models/idempotency.server";
import { authorize } from "~/web/authorize.server";
import { fieldErrors } from "~/domain/field-errors";
import { MAX_CSV_BYTES } from "~/domain/platform-metrics";
import {
  AddSiteSchema,
  CreateTokenSchema,
  CsvTextSchema,
  RemoveSiteSchema,
  RevokeTokenSchema,
  TrackerOptionsSchema,
} from "~/domain/website-forms";
import { changedFields, memberActor } from "~/domain/audit";
import { createApiToken, revokeApiToken, tokenMadeBefore } from "~/models/api-token.server";
import { recordAudit } from "~/models/audit.server";
import { addTrackedSite, getTrackerOptions, removeTrackedSite, saveTrackerOptions } from "~/models/tracked-site.server";
import { done, fail, failed } from "~/web/reply.server";
import { importMetricsCsv, readMetricsCsv } from "~/services/platform-metrics.server";

type Handler = (input: ActionInput) => Promise<unknown>;

const siteAdded = (origin: string) => done("add-site", `${origin} can now send page views.`);

/** Sent again with its key, the site is added once and the answer is the same. */
export const addSite = createOnce(
  async ({ user, fields }: ActionInput) => {
    authorize(user, "integrations.manage");
    const parsed = AddSiteSchema.safeParse(fields);
    if (!parsed.success) return failed("add-site", "invalid", "The site was not added.", fieldErrors(parsed.error));
    const result = await addTrackedSite(parsed.data.origin, user.id);
    if (!result.ok) return fail(result.kind, result.error, { origin: result.error }, { intent: "add-site" });
    await recordAudit({ actor: memberActor(user), action: "site.added", object: { type: "tracked-site", title: parsed.data.origin } });
    return siteAdded(parsed.data.origin);
  },
  // The same key comes with the same form (its fingerprint), so its origin is the one the first added.
  (_siteId, { fields }) => siteAdded(AddSiteSchema.parse(fields).origin),
);

export const removeSite: Handler = async ({ user, fields }) => {
  authorize(user, "integrations.manage");
  const parsed = RemoveSiteSchema.safeParse({ id: fields.id ?? "" });
  if (!parsed.success) return failed("remove-site", "invalid", "Choose a site to remove.");
  const result = await removeTrackedSite(parsed.data.id);
  if (!result.ok) return fail(result.kind, result.error, {}, { intent: "remove-site" });
  await recordAudit({
    actor: memberActor(user),
    action: "site.removed",
    object: { type: "tracked-site", id: parsed.data.id, title: result.origin },
  });
  return done("remove-site", "Site removed: its page views are no longer accepted.");
};

export const trackerOptions: Handler = async ({ user, fields }) => {
  authorize(user, "integrations.manage");
  const parsed = TrackerOptionsSchema.safeParse(fields);
  if (!parsed.success) return failed("tracker-options", "invalid", "The options were not saved.", fieldErrors(parsed.error));
  const before = await getTrackerOptions();
  await saveTrackerOptions(parsed.data);
  const change = changedFields(before, parsed.data);
  if (change)
    await recordAudit({
      actor: memberActor(user),
      action: "settings.changed",
      object: { type: "settings", id: "tracker", title: "Tracker options" },
      ...change,
    });
  return done("tracker-options", "Tracker options saved.");
};

const tokenMade = ({ token, prefix }: { token: string; prefix: string }) =>
  done("create-token", `Token ${prefix} made. Copy it now: it is not shown again.`, { token });

/** Sent again with its key, the same token is shown, not a second one made. */
export const createToken = createOnce(
  async ({ user, fields }: ActionInput) => {
    authorize(user, "integrations.manage");
    const parsed = CreateTokenSchema.safeParse(fields);
    if (!parsed.success) return failed("create-token", "invalid", "No token was made.", fieldErrors(parsed.error));
    const { token, prefix, id } = await createApiToken(parsed.data.name, user.id);
    await recordAudit({
      actor: memberActor(user),
      action: "api-token.created",
      object: { type: "api-token", id, title: `${parsed.data.name} (${prefix})` },
    });
    return tokenMade({ token, prefix });
  },
  (claimed) => {
    const made = tokenMadeBefore(claimed);
    return made ? tokenMade(made) : failed("create-token", "conflict", "That token was made already; make a new one.");
  },
);

export const revokeToken: Handler = async ({ user, fields }) => {
  authorize(user, "integrations.manage");
  const parsed = RevokeTokenSchema.safeParse({ id: fields.id ?? "" });
  if (!parsed.success) return failed("revoke-token", "invalid", "Choose a token to revoke.");
  const result = await revokeApiToken(parsed.data.id);
  if (!result.ok) return fail(result.kind, result.error, {}, { intent: "revoke-token" });
  const title = `${result.name} (${result.prefix})`;
  await recordAudit({ actor: memberActor(user), action: "api-token.revoked", object: { type: "api-token", id: parsed.data.id, title } });
  return done("revoke-token", "Token revoked: requests with it now get 401.");
};

/** The CSV's text: the uploaded file (preview) or the text the preview carried on (import). */
async function csvOf({ form, fields }: ActionInput): Promise<string | null> {
  const file = form.get("file");
  if (file && typeof file !== "string" && file.size > 0) return file.size > MAX_CSV_BYTES ? null : file.text();
  const parsed = CsvTextSchema.safeParse(fields);
  return parsed.success ? parsed.data.csv : "";
}

export const csvPreview: Handler = async (input) => {
  authorize(input.user, "integrations.manage");
  const csv = await csvOf(input);
  if (csv === null)
    return failed("csv-preview", "invalid", `The file is over ${MAX_CSV_BYTES / 1024} kB.`, {
      file: `Choose a file under ${MAX_CSV_BYTES / 1024} kB.`,
    });
  if (!csv) return failed("csv-preview", "invalid", "Choose a CSV file.", { file: "Choose a CSV file." });
  const read = await readMetricsCsv(csv, new Date());
  if (!read.ok) return failed("csv-preview", "invalid", read.error, { file: read.error });
  const { good, errors } = read;
  return done("csv-preview", `${good.length} row${good.length === 1 ? "" : "s"} ready, ${errors.length} with errors.`, {
    csv,
    good: good.map(({ target: _target, ...row }) => row),
    errors,
  });
};

const imported = (stored: number, errors: unknown[]) =>
  done("csv-import", `Imported ${stored} row${stored === 1 ? "" : "s"}; ${errors.length} left out.`, { errors });

/** Sent again with its key, the file is not imported twice: the answer counts the rows the first stored. */
export const csvImport = createOnce(
  async (input: ActionInput) => {
    authorize(input.user, "integrations.manage");
    const csv = await csvOf(input);
    if (!csv) return failed("csv-import", "invalid", "Preview a CSV file first.", { file: "Choose a CSV file." });
    const result = await importMetricsCsv(csv, new Date());
    if (!result.ok) return failed("csv-import", "invalid", result.error, { file: result.error });
    await recordAudit({
      actor: memberActor(input.user),
      action: "metrics.imported",
      object: { type: "metrics", title: "CSV import" },
      after: { rows: result.stored, leftOut: result.errors.length },
    });
    return imported(result.stored, result.errors);
  },
  async (batch, input) => {
    const read = await readMetricsCsv((await csvOf(input)) ?? "", new Date());
    return imported(countOfBatch(batch), read.ok ? read.errors : []);
  },
);
