import { thisWorkspace, idInWorkspace } from "~/db/workspace-keys.server";
import { beforeEach, describe, expect, it } from "vitest";
import { SECTION_PERMISSION, SETTINGS_SECTIONS, type SettingsSection } from "~/domain/settings-sections";
import { prisma } from "~/db/db.server";
import { ROLES, type Role } from "~/domain/content";
import { PERMISSIONS, can, canEditContent, forbiddenMessage, permissionsOf, type Permission } from "~/domain/permissions";
import { createInvitation } from "~/models/invitation.server";
import { loader as analyticsExport } from "~/routes/analytics.export";
import { action as save } from "~/routes/content.$id.save";
import { action as editor } from "~/routes/editor/route";
import { action as settings } from "~/routes/settings/route";
import { action as workflow } from "~/routes/workflow/route";
import { SAMPLE, cookieFor, freshSeed, get, post, run, type Outcome } from "./route-helpers";

type Actor = { id: string; role: Role };

/** One state-changing request, prepared for one actor. Whether it is allowed comes from permissions.ts. */
interface Prepared {
  allowed: boolean;
  /** The permission behind the decision, when there is one; its message must reach the member. */
  permission?: Permission;
  send: (cookie: string) => Promise<Outcome>;
  /** The state this request is meant to change; absent for read-only requests. */
  effect?: () => Promise<unknown>;
  /** Extra checks on an allowed reply. */
  check?: (outcome: Outcome) => void;
}

interface ActionCase {
  name: string;
  prepare: (actor: Actor) => Promise<Prepared>;
}

/** Everything a forbidden request could have touched (presence timestamps aside). */
async function fingerprint() {
  const [settingsRow, users, integrations, invitations, items, comments, notifications, preferences, activity] = await Promise.all([
    prisma.settings.findUnique({ where: thisWorkspace() }),
    prisma.user.findMany({
      select: {
        id: true,
        name: true,
        email: true,
        status: true,
        passwordHash: true,
        memberships: { select: { role: true, status: true } },
      },
      orderBy: { id: "asc" },
    }),
    prisma.integration.findMany({ orderBy: { id: "asc" } }),
    prisma.invitation.findMany({ orderBy: { userId: "asc" } }),
    prisma.contentItem.findMany({ select: { id: true, body: true, version: true, status: true, authorId: true }, orderBy: { id: "asc" } }),
    prisma.comment.count(),
    prisma.notification.findMany({ orderBy: { id: "asc" } }),
    prisma.notificationPreference.findMany({ orderBy: [{ userId: "asc" }, { event: "asc" }] }),
    prisma.activityEvent.count(),
  ]);
  return { settingsRow, users, integrations, invitations, items, comments, notifications, preferences, activity };
}

async function findItem(where: { status?: string | { not: string }; authorId?: { not: string } }) {
  const item = await prisma.contentItem.findFirst({
    where,
    select: { id: true, version: true, authorId: true, status: true },
    orderBy: { id: "asc" },
  });
  if (!item) throw new Error(`No sample content matches ${JSON.stringify(where)}`);
  return item;
}

/** Makes the actor the author of a sample item with that status. */
async function ownItem(actor: Actor, status: string | { not: string }) {
  const item = await findItem({ status });
  await prisma.contentItem.update({ where: { id: item.id }, data: { authorId: actor.id } });
  return { ...item, authorId: actor.id };
}

function editCase(
  name: string,
  pick: (actor: Actor) => Promise<{ id: string; version: number; authorId: string; status: string }>,
): ActionCase {
  return {
    name,
    async prepare(actor) {
      const item = await pick(actor);
      return {
        allowed: canEditContent(actor, item),
        send: (cookie) =>
          run(save, post(`/content/${item.id}/save`, { version: String(item.version), body: `Rewritten by ${actor.role}` }, cookie), {
            id: item.id,
          }),
        effect: () => prisma.contentItem.findUnique({ where: { id: item.id }, select: { body: true, version: true } }),
      };
    },
  };
}

const settingsRow = () => prisma.settings.findUnique({ where: thisWorkspace() });

/** A valid, changed value for every field of a section (the seed has tone "professional", threshold 85, both publishing boxes on). */
const SECTION_FIELDS: Record<SettingsSection, Record<string, string | string[]>> = {
  brandVoice: { brandToneId: "witty", brandKeywords: "bold, brief", contentGuidelines: "Be brief." },
  agents: { generationThreshold: "70", creativityLevel: "Experimental", autoPublish: "on" },
  publishing: { autoPost: "on" }, // scheduleOptimalTiming absent: turned off
  channels: { teamName: "Northwind", timeZone: "Europe/Berlin", siteUrl: "https://northwind.test" }, // utmTagging absent: off
  notifications: { notify: ["approved"] }, // every other event turned off
};

function saveCase(sections: SettingsSection[]): ActionCase {
  return {
    name: `settings save: ${sections.join(" + ")}`,
    async prepare(actor) {
      const needed = sections.map((s) => SECTION_PERMISSION[s]).filter((p): p is Permission => p !== null);
      const missing = needed.find((p) => !can(actor.role, p));
      const fields: Record<string, string | string[]> = { intent: "save", section: sections };
      for (const s of sections) Object.assign(fields, SECTION_FIELDS[s]);
      return {
        allowed: missing === undefined,
        permission: missing,
        send: (cookie) => run(settings, post("/settings", fields, cookie)),
        effect: async () => ({
          settings: await settingsRow(),
          preferences: await prisma.notificationPreference.findMany({ where: { userId: actor.id }, orderBy: { event: "asc" } }),
        }),
      };
    },
  };
}

function settingsCase(
  name: string,
  permission: Permission,
  fields: Record<string, string>,
  effect: () => Promise<unknown>,
  setup?: () => Promise<Record<string, string>>,
): ActionCase {
  return {
    name,
    async prepare(actor) {
      const extra = setup ? await setup() : {};
      return {
        allowed: can(actor.role, permission),
        permission,
        send: (cookie) => run(settings, post("/settings", { ...fields, ...extra }, cookie)),
        effect,
      };
    },
  };
}

const CASES: ActionCase[] = [
  {
    name: "workflow toggle",
    prepare: async (actor) => ({
      allowed: can(actor.role, "workflow.run"),
      permission: "workflow.run",
      send: (cookie) => run(workflow, post("/workflow", { intent: "toggle" }, cookie)),
      effect: () => settingsRow().then((s) => s?.workflowRunning),
    }),
  },
  editCase("editor save: own draft", (actor) => ownItem(actor, "draft")),
  editCase("editor save: someone else's draft", (actor) => findItem({ status: "draft", authorId: { not: actor.id } })),
  editCase("editor save: own item that is not a draft", (actor) => ownItem(actor, { not: "draft" })),
  editCase("editor save: someone else's item that is not a draft", (actor) =>
    findItem({ status: { not: "draft" }, authorId: { not: actor.id } }),
  ),
  {
    name: "editor comment",
    prepare: async (actor) => ({
      allowed: can(actor.role, "content.comment"),
      permission: "content.comment",
      send: (cookie) =>
        run(editor, post("/editor", { intent: "comment", id: "content-sample", comment: `A note from ${actor.role}` }, cookie)),
      effect: () => prisma.comment.count({ where: { contentId: "content-sample" } }),
    }),
  },
  ...SETTINGS_SECTIONS.map((s) => saveCase([s])),
  saveCase(["brandVoice", "publishing"]), // all or nothing: an Editor saves neither
  settingsCase("invite", "team.manage", { intent: "invite", email: "newcomer@studio.test", role: "Writer" }, () =>
    prisma.user.findUnique({ where: { email: "newcomer@studio.test" } }),
  ),
  settingsCase(
    "renew invitation",
    "team.manage",
    { intent: "renew" },
    () => prisma.invitation.findMany({ select: { tokenHash: true } }),
    async () => {
      const invited = await createInvitation({ email: "pending@studio.test", role: "Writer", invitedById: SAMPLE.Admin });
      if (!invited.ok) throw new Error(invited.error);
      return { userId: invited.userId };
    },
  ),
  settingsCase("role change", "team.manage", { intent: "role", userId: "user-emma", role: "Editor" }, () =>
    prisma.membership.findMany({ where: { userId: "user-emma" }, select: { role: true } }),
  ),
  settingsCase("remove member", "team.manage", { intent: "remove", userId: "user-lena" }, () =>
    prisma.user.findUnique({ where: { id: "user-lena" }, select: { status: true } }),
  ),
  settingsCase(
    "connect integration",
    "integrations.manage",
    { intent: "connect", platform: "facebook", handle: "@studio", webhookUrl: "https://100.128.0.7/fb", webhookSecret: "fb-secret" },
    () => prisma.integration.findUnique({ where: idInWorkspace("facebook") }),
  ),
  settingsCase("disconnect integration", "integrations.manage", { intent: "disconnect", platform: "twitter" }, () =>
    prisma.integration.findUnique({ where: idInWorkspace("twitter") }),
  ),
  {
    name: "analytics export (GET)",
    prepare: async (actor) => ({
      allowed: can(actor.role, "analytics.export"),
      permission: "analytics.export",
      send: (cookie) => run(analyticsExport, get("/analytics/export?range=7", cookie)),
      check: (outcome) => {
        expect(outcome.headers.get("Content-Type")).toMatch(/^text\/csv/);
        expect(String(outcome.body).split("\n").length).toBeGreaterThan(7);
      },
    }),
  },
];

function messageOf(body: unknown): unknown {
  return ((body ?? {}) as { formError?: unknown }).formError;
}

describe.each(ROLES)("as %s, posting straight to the route", (role) => {
  beforeEach(() => freshSeed());

  it.each(CASES)("$name", async ({ prepare }) => {
    const actor: Actor = { id: SAMPLE[role], role };
    const cookie = await cookieFor(actor.id);
    const request = await prepare(actor);
    const effectBefore = await request.effect?.();
    const dbBefore = await fingerprint();

    const outcome = await request.send(cookie);

    if (request.allowed) {
      expect(outcome.status, JSON.stringify(outcome.body)).toBeGreaterThanOrEqual(200);
      expect(outcome.status).toBeLessThan(400);
      if (request.effect) expect(await request.effect()).not.toEqual(effectBefore);
      request.check?.(outcome);
    } else {
      expect(outcome.status, JSON.stringify(outcome.body)).toBe(403);
      const message = messageOf(outcome.body);
      expect(message).toEqual(expect.any(String));
      if (request.permission) expect(message).toContain(forbiddenMessage(role, request.permission));
      expect(await fingerprint()).toEqual(dbBefore);
    }
  });
});

describe("can() and permissionsOf()", () => {
  it("agree for every role and permission", () => {
    for (const role of ROLES) {
      const row = permissionsOf(role);
      expect(Object.keys(row).sort()).toEqual([...PERMISSIONS].sort());
      for (const permission of PERMISSIONS) expect(row[permission]).toBe(can(role, permission));
    }
  });

  it.each(["", "admin", "ADMIN", "Owner", "Guest", "constructor", "__proto__", "Admin "])("an unknown role %j can do nothing", (role) => {
    for (const permission of PERMISSIONS) expect(can(role, permission)).toBe(false);
    expect(Object.values(permissionsOf(role)).some(Boolean)).toBe(false);
    expect(canEditContent({ id: "u", role }, { authorId: "u", status: "draft" })).toBe(false);
  });
});
