import type { ActionFunctionArgs } from "@remix-run/node";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useFetcher, useLoaderData, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { Save } from "lucide-react";
import { useEffect, useState } from "react";
import { AiAgentsPanel } from "~/components/settings/ai-agents-panel";
import { AiModelForm, AiModelSettings } from "~/components/settings/ai-model-settings";
import { LocalModelSettings, OllamaForm } from "~/components/settings/local-model-settings";
import { LocalModelAccessForm } from "~/components/settings/local-model-access";
import { AssistantUsageTotals } from "~/components/settings/assistant-usage-totals";
import { ReviewerFallbackFieldset } from "~/components/settings/reviewer-fallback-fieldset";
import { BrandVoicePanel } from "~/components/settings/brand-voice-panel";
import { IntegrationsPanel } from "~/components/settings/integrations-panel";
import { NotificationsPanel } from "~/components/settings/notifications-panel";
import { SecurityPanel } from "~/components/settings/security-panel";
import { routeAction } from "~/web/action.server";
import { timeZones } from "~/domain/channels/team-time";
import { messageOf } from "~/domain/reply";
import type { SettingsErrors, SettingsField } from "~/domain/settings-limits";
import { SETTINGS_FORM_ID } from "~/domain/settings-sections";
import { useLeaveWarning } from "~/components/ui/use-leave-warning";
import { SettingsPanel, SettingsTabList, parseTab, type SettingsTab } from "~/components/settings/settings-tabs";
import { TeamPanel } from "~/components/settings/team-panel";
import { PageHeader } from "~/components/ui/card";
import { permissionsOf } from "~/domain/permissions";
import { getLocalModelAllowed, getModelConfigForDisplay } from "~/models/assistant-model.server";
import { recentCalls, usageTotals } from "~/models/assistant-usage.server";
import { listIntegrationsForDisplay } from "~/models/integration.server";
import { getNotificationPreferences } from "~/models/notification.server";
import { listSessions } from "~/models/session.server";
import { getSettings, listBrandTones } from "~/models/settings.server";
import { listTeam } from "~/models/user.server";
import { getReviewMode } from "~/models/workflow-settings.server";
import { requireUser } from "~/web/session.server";
import { changeRole, invite, removeMember, renewInvite } from "./team.server";
import {
  blueskyConnect,
  connect,
  disconnect,
  mastodonInstance,
  networkAccount,
  networkApp,
  networkConnect,
  webhookUrl,
} from "./integrations.server";
import { accountChoicesForDisplay, networkAppsForDisplay } from "~/models/network-app.server";
import { redirectUri } from "~/services/network-connect.server";
import { blueskyDefaultService } from "~/adapters/networks/endpoints.server";
import { saveSettings } from "./save.server";
import { publicAddressWarning } from "~/web/public-url.server";
import { clearAssistantModel, saveAssistantModel, setLocalModelAccess, testAssistantModel, useOllamaModel } from "./assistant-model.server";
import { detectOllama } from "~/adapters/ollama.server";
import { changePassword, signOutOtherSessions } from "./security.server";
import { replyWhenUnanswered } from "~/components/keep-shown";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";

export const meta = () => [{ title: "Settings · Content Studio" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const canManage = permissionsOf(user.role)["integrations.manage"];
  const [
    settings,
    tones,
    integrations,
    team,
    notify,
    sessions,
    aiModel,
    aiUsage,
    aiRecent,
    reviewMode,
    ollama,
    networkApps,
    accountChoices,
  ] = await Promise.all([
    getSettings(),
    listBrandTones(),
    listIntegrationsForDisplay(),
    listTeam(),
    getNotificationPreferences(user.id),
    listSessions(user.id),
    getModelConfigForDisplay(),
    usageTotals(),
    recentCalls(),
    getReviewMode(),
    // Only Admins choose the model, so only their page asks the local Ollama server.
    canManage ? getLocalModelAllowed().then((allowed) => detectOllama(undefined, { localAllowed: allowed })) : Promise.resolve(null),
    networkAppsForDisplay(),
    // The Pages, Instagram accounts or organisations this session's consent offered, waiting for a choice.
    canManage ? accountChoicesForDisplay(user.sessionId) : Promise.resolve({}),
  ]);
  const {
    workflowRunning: _running,
    updatedAt: _updatedAt,
    workspaceId: _workspaceId,
    websiteWebhookUrl,
    websiteWebhookSecret,
    ...rest
  } = settings;
  // Like an integration's webhook: the browser sees its host and whether it is signed, never the URL or secret.
  const values = {
    ...rest,
    websiteWebhook: websiteWebhookUrl ? { host: new URL(websiteWebhookUrl).host, hasSecret: !!websiteWebhookSecret } : null,
  };
  return {
    values,
    can: permissionsOf(user.role),
    isOwner: user.isOwner,
    tones: tones.map(({ id, name, description }) => ({ id, name, description })),
    integrations,
    networkApps,
    accountChoices: accountChoices as Record<string, { id: string; handle: string }[]>,
    redirectUri: redirectUri(),
    publicUrlWarning: publicAddressWarning(),
    blueskyService: blueskyDefaultService(),
    team: team.map(({ id, name, email, role, status }) => ({ id, name, email, role, status, isMe: id === user.id })),
    notify,
    aiModel,
    ollama,
    aiUsage,
    aiRecent: aiRecent.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
    reviewMode,
    timeZones: timeZones(),
    sessions: sessions.map((s) => ({
      ...s,
      createdAt: s.createdAt.toISOString(),
      lastUsedAt: s.lastUsedAt.toISOString(),
      current: s.id === user.sessionId,
    })),
  };
}

const HANDLERS = {
  save: saveSettings,
  invite,
  renew: renewInvite,
  role: changeRole,
  remove: removeMember,
  connect,
  disconnect,
  "webhook-url": webhookUrl,
  "network-app": networkApp,
  "network-connect": networkConnect,
  "network-account": networkAccount,
  "mastodon-instance": mastodonInstance,
  "bluesky-connect": blueskyConnect,
  password: changePassword,
  "sign-out-others": signOutOtherSessions,
  "assistant-model": saveAssistantModel,
  "assistant-model-clear": clearAssistantModel,
  "assistant-model-test": testAssistantModel,
  "assistant-model-ollama": useOllamaModel,
  "local-model-access": setLocalModelAccess,
};

/** A form sent without an answer keeps its text and says it was not saved. */
export const clientAction = replyWhenUnanswered();

// A function, not `const action = routeAction(…)`: the browser build keeps top-level calls, and
// ~/action.server is empty there.
export function action(args: ActionFunctionArgs) {
  return routeAction({ intents: HANDLERS, unknownIntent: () => "Unknown settings action." })(args);
}

// Switching tabs only changes ?tab=; the data is unchanged, so skip the reload.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }) =>
  !formMethod && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

const FIELD_TABS: Record<SettingsField, SettingsTab> = {
  brandToneId: "brand",
  brandKeywords: "brand",
  contentGuidelines: "brand",
  generationThreshold: "agents",
  creativityLevel: "agents",
  autoPublish: "agents",
  autoPost: "integrations",
  scheduleOptimalTiming: "integrations",
  teamName: "integrations",
  timeZone: "integrations",
  siteUrl: "integrations",
  utmTagging: "integrations",
  websiteWebhookUrl: "integrations",
  websiteWebhookSecret: "integrations",
  websiteWebhookClear: "integrations",
};

export default function Settings() {
  const {
    values,
    can,
    isOwner,
    tones,
    integrations,
    networkApps,
    accountChoices,
    redirectUri,
    publicUrlWarning,
    blueskyService,
    team,
    notify,
    sessions,
    aiModel,
    ollama,
    aiUsage,
    aiRecent,
    reviewMode,
    timeZones,
  } = useLoaderData<typeof loader>();
  const tab = parseTab(useSearchParams()[0].get("tab"));
  // A fetcher keeps the outcome across tab switches.
  const fetcher = useFetcher<typeof action>({ key: "settings-save" });
  // Without scripts the form is a plain post and its reply comes back as the page's action data.
  const posted = useActionData<typeof action>();
  const outcome = fetcher.data ?? posted;
  const [unsaved, setUnsaved] = useState(false);
  useEffect(() => {
    if (outcome?.ok) setUnsaved(false);
  }, [outcome]);
  useLeaveWarning(unsaved && fetcher.state === "idle");
  const [editedSinceSave, setEditedSinceSave] = useState(false);
  useEffect(() => setEditedSinceSave(false), [outcome]);
  const errors: SettingsErrors = outcome && !outcome.ok ? outcome.fieldErrors : {};
  const flagged = new Set(Object.keys(errors).map((f) => FIELD_TABS[f as SettingsField]));
  const saving = fetcher.state !== "idle";

  return (
    <div className="mx-auto max-w-7xl" onChange={() => setEditedSinceSave(true)}>
      <PageHeader
        title="Settings & Customization"
        subtitle="Configure your content platform and AI agents"
        actions={
          <>
            <p role="status" className={`text-sm font-medium ${outcome?.ok ? "text-emerald-700" : "text-rose-600"}`}>
              {outcome && !(outcome.ok && editedSinceSave) ? messageOf(outcome) : ""}
            </p>
            <button
              type="submit"
              form={SETTINGS_FORM_ID}
              disabled={saving}
              className="inline-flex items-center gap-2 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-indigo-700 disabled:opacity-70"
            >
              <Save size={16} aria-hidden /> {saving ? "Saving…" : "Save Changes"}
            </button>
          </>
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-3 self-start">
          <SettingsTabList current={tab} flagged={flagged} />
          {can["audit.view"] ? (
            <Link
              to="/settings/audit"
              className="inline-flex min-h-6 items-center px-3 text-sm text-indigo-700 underline hover:text-indigo-900"
            >
              Audit log
            </Link>
          ) : null}
          {can["workspace.export"] ? (
            <a
              href="/settings/export.tar"
              download
              className="inline-flex min-h-6 items-center px-3 text-sm text-indigo-700 underline hover:text-indigo-900"
            >
              Export this workspace
            </a>
          ) : null}
          {isOwner ? (
            <Link
              to="/workspaces"
              className="inline-flex min-h-6 items-center px-3 text-sm text-indigo-700 underline hover:text-indigo-900"
            >
              Workspaces
            </Link>
          ) : null}
        </div>
        <div>
          <fetcher.Form method="post" id={SETTINGS_FORM_ID} onChange={() => setUnsaved(true)}>
            <input type="hidden" name="intent" value="save" />
            <SettingsPanel tab="brand" current={tab}>
              <BrandVoicePanel tones={tones} values={values} errors={errors} allowed={can["settings.brandVoice"]} />
            </SettingsPanel>
            <SettingsPanel tab="agents" current={tab}>
              <AiAgentsPanel values={values} errors={errors} allowed={can["settings.agents"]} />
              <AiModelSettings current={aiModel} allowed={can["integrations.manage"]} />
              <LocalModelSettings ollama={ollama} current={aiModel} localAllowed={values.localModelAllowed} />
              <AssistantUsageTotals totals={aiUsage} recent={aiRecent} />
              <ReviewerFallbackFieldset value={reviewMode} allowed={can["settings.agents"]} />
            </SettingsPanel>
            <SettingsPanel tab="notifications" current={tab}>
              <NotificationsPanel prefs={notify} />
            </SettingsPanel>
          </fetcher.Form>
          <AiModelForm />
          <OllamaForm />
          <LocalModelAccessForm />
          <SettingsPanel tab="team" current={tab}>
            <TeamPanel members={team} allowed={can["team.manage"]} />
            <p className="mt-4 text-sm text-slate-600">
              Who approves what before it goes out:{" "}
              <Link to="/settings/approvals" className="font-medium text-indigo-700 underline hover:text-indigo-900">
                Approval chains
              </Link>
            </p>
          </SettingsPanel>
          <SettingsPanel tab="integrations" current={tab}>
            <IntegrationsPanel
              integrations={integrations}
              networkApps={networkApps}
              accountChoices={accountChoices}
              redirectUri={redirectUri}
              publicUrlWarning={publicUrlWarning}
              blueskyService={blueskyService}
              values={values}
              errors={errors}
              timeZones={timeZones}
              allowed={can["integrations.manage"]}
              publishingAllowed={can["settings.publishing"]}
            />
          </SettingsPanel>
          <SettingsPanel tab="security" current={tab}>
            <SecurityPanel sessions={sessions} />
          </SettingsPanel>
        </div>
      </div>
    </div>
  );
}
