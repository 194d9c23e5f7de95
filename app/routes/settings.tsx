import { json, type ActionFunctionArgs } from "@remix-run/node";
import { useActionData, useFetcher, useLoaderData, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { Save } from "lucide-react";
import { useEffect, useState } from "react";
import { AccountsPendingPanel } from "~/components/settings/accounts-pending-panel";
import { AiAgentsPanel } from "~/components/settings/ai-agents-panel";
import { BrandVoicePanel } from "~/components/settings/brand-voice-panel";
import { IntegrationsPanel } from "~/components/settings/integrations-panel";
import { parseSettingsForm } from "~/components/settings/settings-form-schema";
import type { SettingsErrors, SettingsField } from "~/components/settings/settings-limits";
import { SettingsPanel, SettingsTabList, parseTab, type SettingsTab } from "~/components/settings/settings-tabs";
import { TeamPanel } from "~/components/settings/team-panel";
import { PageHeader } from "~/components/ui/card";
import { getSettings, listBrandTones, listIntegrations } from "~/models/settings.server";
import { updateSettings } from "~/models/settings-write.server";
import { listTeam } from "~/models/user.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";

export const meta = () => [{ title: "Settings · Content Studio" }];

export async function loader() {
  const [settings, tones, integrations, team] = await Promise.all([getSettings(), listBrandTones(), listIntegrations(), listTeam()]);
  const { workflowRunning: _running, updatedAt: _updatedAt, id: _id, ...values } = settings;
  return {
    values,
    tones: tones.map(({ id, name, description }) => ({ id, name, description })),
    integrations,
    team: team.map(({ id, name, email, role, status }) => ({ id, name, email, role, status })),
  };
}

// json() rather than data(): this app has no single-fetch type augmentation, so data() loses the types.
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  if (form.get("intent") !== "save") return json({ ok: false, errors: {} as SettingsErrors, message: "Unknown settings action." }, { status: 400 });
  const tones = await listBrandTones();
  const parsed = parseSettingsForm(form, tones.map((t) => t.id));
  if (!parsed.ok) return json({ ok: false, errors: parsed.errors, message: "Some settings need attention. Nothing was saved." }, { status: 400 });
  await updateSettings(parsed.data);
  return json({ ok: true, errors: {} as SettingsErrors, message: "Settings saved" });
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
};

export default function Settings() {
  const { values, tones, integrations, team } = useLoaderData<typeof loader>();
  const tab = parseTab(useSearchParams()[0].get("tab"));
  // A fetcher keeps the outcome across tab switches; actionData covers a post made without JavaScript.
  const fetcher = useFetcher<typeof action>();
  const posted = useActionData<typeof action>();
  const outcome = fetcher.data ?? posted;
  const [editedSinceSave, setEditedSinceSave] = useState(false);
  useEffect(() => setEditedSinceSave(false), [outcome]);
  const errors: SettingsErrors = outcome?.errors ?? {};
  const flagged = new Set(Object.keys(errors).map((f) => FIELD_TABS[f as SettingsField]));
  const saving = fetcher.state !== "idle";

  return (
    <fetcher.Form method="post" id="settings-form" className="mx-auto max-w-7xl" onChange={() => setEditedSinceSave(true)}>
      <input type="hidden" name="intent" value="save" />
      <PageHeader
        title="Settings & Customization"
        subtitle="Configure your content platform and AI agents"
        actions={
          <>
            <p role="status" className={`text-sm font-medium ${outcome?.ok ? "text-emerald-700" : "text-rose-600"}`}>
              {outcome && !(outcome.ok && editedSinceSave) ? outcome.message : ""}
            </p>
            <button type="submit" disabled={saving} className="inline-flex items-center gap-2 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-indigo-700 disabled:opacity-70">
              <Save size={16} aria-hidden /> {saving ? "Saving…" : "Save Changes"}
            </button>
          </>
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[15rem,1fr]">
        <SettingsTabList current={tab} flagged={flagged} />
        <div>
          <SettingsPanel tab="brand" current={tab}>
            <BrandVoicePanel tones={tones} values={values} errors={errors} />
          </SettingsPanel>
          <SettingsPanel tab="agents" current={tab}>
            <AiAgentsPanel values={values} errors={errors} />
          </SettingsPanel>
          <SettingsPanel tab="team" current={tab}>
            <TeamPanel members={team} />
          </SettingsPanel>
          <SettingsPanel tab="integrations" current={tab}>
            <IntegrationsPanel integrations={integrations} values={values} />
          </SettingsPanel>
          <SettingsPanel tab="notifications" current={tab}>
            <AccountsPendingPanel section="notifications" />
          </SettingsPanel>
          <SettingsPanel tab="security" current={tab}>
            <AccountsPendingPanel section="security" />
          </SettingsPanel>
        </div>
      </div>
    </fetcher.Form>
  );
}
