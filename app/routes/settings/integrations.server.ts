import { requirePermission } from "~/web/authorize.server";
import { fieldErrors } from "~/domain/field-errors";
import { ConnectSchema, DisconnectSchema } from "~/domain/integration-forms";
import { connectIntegration, disconnectIntegration } from "~/models/integration.server";
import { done, failed, refusedAs } from "~/web/reply.server";
import type { SettingsHandler } from "./reply.server";

export const connect: SettingsHandler = async ({ user, fields }) => {
  requirePermission(user, "integrations.manage");
  const target = fields.platform ?? "";
  const parsed = ConnectSchema.safeParse(fields);
  if (!parsed.success) return failed("connect", "invalid", "Not connected: check the fields.", fieldErrors(parsed.error), target);
  const { platform, ...input } = parsed.data;
  const result = await connectIntegration(platform, input, user.id);
  if (!result.ok) return refusedAs("connect", result, target);
  return done("connect", "Connected.", { target });
};

export const disconnect: SettingsHandler = async ({ user, fields }) => {
  requirePermission(user, "integrations.manage");
  const { platform: target } = DisconnectSchema.parse(fields);
  const result = await disconnectIntegration(target);
  if (!result.ok) return refusedAs("disconnect", result, target);
  return done("disconnect", "Disconnected.", { target });
};
