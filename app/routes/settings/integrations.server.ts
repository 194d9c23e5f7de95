import { authorize } from "~/web/authorize.server";
import { fieldErrors } from "~/domain/field-errors";
import {
  BlueskyConnectSchema,
  ConnectSchema,
  DisconnectSchema,
  MastodonInstanceSchema,
  NetworkAccountSchema,
  NetworkAppSchema,
  NetworkConnectSchema,
  WebhookUrlSchema,
} from "~/domain/integration-forms";
import { blueskyDefaultService } from "~/adapters/networks/endpoints.server";
import { checkTargetAddress, checkWebhookUrl } from "~/adapters/networks/target-address.server";
import { redirect } from "@remix-run/node";
import type { ActionInput } from "~/web/action.server";
import { isNativeNetwork } from "~/adapters/networks/endpoints.server";
import { saveNetworkApp } from "~/models/network-app.server";
import { chooseAccount, connectBluesky, connectionObject, registerMastodon, startConnect } from "~/services/network-connect.server";
import { changeWebhookUrl, connectIntegration, disconnectIntegration } from "~/models/integration.server";
import { memberActor, redactSecret } from "~/domain/audit";
import { recordAudit } from "~/models/audit.server";
import { done, failed, refusedAs } from "~/web/reply.server";
import type { SettingsHandler } from "./reply.server";

export const connect: SettingsHandler = async ({ user, fields }) => {
  authorize(user, "integrations.manage");
  const target = fields.platform ?? "";
  const parsed = ConnectSchema.safeParse(fields);
  if (!parsed.success) return failed("connect", "invalid", "Not connected: check the fields.", fieldErrors(parsed.error), target);
  const { platform, ...input } = parsed.data;
  if (input.webhookUrl) {
    const address = await checkWebhookUrl(input.webhookUrl);
    if (!address.ok) return failed("connect", "invalid", "Not connected: check the fields.", { webhookUrl: address.error }, target);
  }
  const result = await connectIntegration(platform, input, user.id);
  if (!result.ok) return refusedAs("connect", result, target);
  const after = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, redactSecret(k, v)]));
  await recordAudit({
    actor: memberActor(user),
    action: "integration.connected",
    object: { type: "integration", id: platform, title: platform },
    after,
  });
  return done("connect", "Connected.", { target });
};

/** A connected platform's webhook moves to a new address without disconnecting: secret and posts kept. */
export const webhookUrl: SettingsHandler = async ({ user, fields }) => {
  authorize(user, "integrations.manage");
  const target = fields.platform ?? "";
  const parsed = WebhookUrlSchema.safeParse(fields);
  if (!parsed.success) return failed("webhook-url", "invalid", "Not changed: check the address.", fieldErrors(parsed.error), target);
  const address = await checkWebhookUrl(parsed.data.webhookUrl);
  if (!address.ok) return failed("webhook-url", "invalid", "Not changed: check the address.", { webhookUrl: address.error }, target);
  const result = await changeWebhookUrl(parsed.data.platform, address.url);
  if (!result.ok) return refusedAs("webhook-url", result, target);
  await recordAudit({
    actor: memberActor(user),
    action: "integration.webhook-changed",
    object: { type: "integration", id: target, title: target },
    before: { webhookUrl: result.oldHost ?? "not set" },
    after: { webhookUrl: redactSecret("webhookUrl", address.url) },
  });
  return done("webhook-url", `Webhook changed to ${new URL(address.url).host}.`, { target });
};

export const disconnect: SettingsHandler = async ({ user, fields }) => {
  authorize(user, "integrations.manage");
  const { platform: target } = DisconnectSchema.parse(fields);
  const result = await disconnectIntegration(target);
  if (!result.ok) return refusedAs("disconnect", result, target);
  await recordAudit({
    actor: memberActor(user),
    action: "integration.disconnected",
    object: { type: "integration", id: target, title: target },
  });
  return done("disconnect", "Disconnected.", { target });
};

export const networkApp: SettingsHandler = async ({ user, fields }) => {
  authorize(user, "integrations.manage");
  const target = fields.platform ?? "";
  // Mastodon registers itself on the instance; Bluesky takes an app password; Instagram uses Facebook's Meta app.
  if (!isNativeNetwork(target) || target === "mastodon" || target === "bluesky" || target === "instagram")
    return failed("network-app", "not-found", "The studio cannot connect to that network this way.", {}, target);
  const parsed = NetworkAppSchema.safeParse(fields);
  if (!parsed.success) return failed("network-app", "invalid", "Not saved: check the fields.", fieldErrors(parsed.error), target);
  const saved = await saveNetworkApp(target, parsed.data, user.id);
  if (!saved.ok) return failed("network-app", "invalid", "Not saved: check the fields.", { [saved.field]: saved.error }, target);
  await recordAudit({
    actor: memberActor(user),
    action: "settings.app-credentials-saved",
    object: { type: "network-app", id: target, title: target },
    after: Object.fromEntries(Object.entries(parsed.data).map(([k, v]) => [k, redactSecret(k, v)])),
  });
  return done("network-app", "App saved. The secret is stored encrypted and not shown again.", { target });
};

/** Sends the member's browser to the network's consent page (a full-page form post, with or without scripts). */
export const networkConnect = async ({ user, fields }: ActionInput) => {
  authorize(user, "integrations.manage");
  const parsed = NetworkConnectSchema.safeParse(fields);
  if (!parsed.success)
    return failed("network-connect", "invalid", "Choose a network to connect.", fieldErrors(parsed.error), fields.platform ?? "");
  const target = parsed.data.platform;
  const started = await startConnect(target, user, new Date(), { organisations: parsed.data.organisations });
  if (!started.ok) return refusedAs("network-connect", started, target);
  return redirect(started.url);
};

/**
 * Mastodon: checks the instance's address and registers the studio there (POST /api/v1/apps). A
 * full-page post answered with a redirect, so the next page's CSP allows the instance's consent page.
 */
export const mastodonInstance = async ({ user, fields }: ActionInput) => {
  authorize(user, "integrations.manage");
  const parsed = MastodonInstanceSchema.safeParse(fields);
  if (!parsed.success)
    return failed("mastodon-instance", "invalid", "Not registered: check the address.", fieldErrors(parsed.error), "mastodon");
  const target = await checkTargetAddress(parsed.data.instance);
  if (!target.ok)
    return failed("mastodon-instance", "invalid", "Not registered: check the address.", { instance: target.error }, "mastodon");
  const registered = await registerMastodon(target.url, user.id);
  if (!registered.ok) return failed("mastodon-instance", "invalid", registered.error, { instance: registered.error }, "mastodon");
  await recordAudit({
    actor: memberActor(user),
    action: "settings.app-credentials-saved",
    object: { type: "network-app", id: "mastodon", title: "mastodon" },
    after: { instance: target.url },
  });
  return redirect("/settings?tab=integrations&registered=mastodon");
};

/** Bluesky: signs in with the handle and an app password on the service (the main one unless typed). */
export const blueskyConnect: SettingsHandler = async ({ user, fields }) => {
  authorize(user, "integrations.manage");
  const parsed = BlueskyConnectSchema.safeParse(fields);
  if (!parsed.success)
    return failed("bluesky-connect", "invalid", "Not connected: check the fields.", fieldErrors(parsed.error), "bluesky");
  const service = await checkTargetAddress(parsed.data.service ?? blueskyDefaultService());
  if (!service.ok) return failed("bluesky-connect", "invalid", "Not connected: check the fields.", { service: service.error }, "bluesky");
  const connected = await connectBluesky({ ...parsed.data, service: service.url }, user.id);
  if (!connected.ok) return failed("bluesky-connect", "invalid", connected.error, { appPassword: connected.error }, "bluesky");
  await recordAudit({
    actor: memberActor(user),
    action: "connection.made",
    object: connectionObject("bluesky"),
    after: { account: connected.handle },
  });
  return done("bluesky-connect", `Connected as ${connected.handle}.`, { target: "bluesky" });
};

/** The member chose which Page, Instagram account or organisation to post as (the choice the consent page left). */
export const networkAccount: SettingsHandler = async ({ user, fields }) => {
  authorize(user, "integrations.manage");
  const target = fields.platform ?? "";
  const parsed = NetworkAccountSchema.safeParse(fields);
  if (!parsed.success) return failed("network-account", "invalid", "Not connected: choose an account.", fieldErrors(parsed.error), target);
  const chosen = await chooseAccount(parsed.data.platform, parsed.data.accountId, user);
  if (!chosen.ok)
    return chosen.kind === "invalid"
      ? failed("network-account", "invalid", chosen.error, { accountId: chosen.error }, target)
      : refusedAs("network-account", chosen, target);
  return done("network-account", `Connected as ${chosen.handle}.`, { target });
};
