import { json } from "@remix-run/node";
import { can, forbiddenMessage, type Permission } from "~/domain/permissions";
import type { SettingsReply } from "~/components/settings/settings-reply";
import type { SessionUser } from "~/session.server";

export type { SettingsReply };

export function reply(intent: string, body: Partial<Omit<SettingsReply, "intent" | "ok">>, status = 200) {
  return json<SettingsReply>({ intent, ok: status < 400, message: "", errors: {}, ...body }, { status });
}

/** A 403 reply when the member's role lacks the permission, else null. */
export function refuse(intent: string, user: SessionUser, permission: Permission) {
  return can(user.role, permission) ? null : reply(intent, { message: forbiddenMessage(user.role, permission) }, 403);
}

export type SettingsHandler = (input: { user: SessionUser; form: FormData; request: Request }) => Promise<Response>;
