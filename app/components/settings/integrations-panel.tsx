import { SwitchField } from "./form-fields";
import { ACCOUNTS_PENDING } from "./team-panel";

export interface Integration {
  id: string;
  name: string;
  connected: boolean;
  handle: string | null;
}

// Brand marks are not in the icon set: a coloured tile with the platform's initial stands in.
const TILE_COLORS: Record<string, string> = {
  twitter: "bg-sky-500",
  linkedin: "bg-blue-700",
  facebook: "bg-blue-600",
  instagram: "bg-pink-600",
};

// The spec's order, not the alphabetical one the model returns.
const PLATFORM_ORDER = ["twitter", "linkedin", "facebook", "instagram"];
function rank(id: string): number {
  const index = PLATFORM_ORDER.indexOf(id);
  return index === -1 ? PLATFORM_ORDER.length : index;
}

interface Props {
  integrations: Integration[];
  values: { autoPost: boolean; scheduleOptimalTiming: boolean };
}

export function IntegrationsPanel({ integrations, values }: Props) {
  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-base font-semibold">Connected Platforms</h2>
        <ul className="mt-4 grid grid-cols-1 gap-3 md:grid-cols-2">
          {[...integrations].sort((a, b) => rank(a.id) - rank(b.id)).map((i) => (
            <li key={i.id} data-testid="integration" data-platform={i.id} className="flex items-center gap-4 rounded-lg border border-slate-200 p-4">
              <span aria-hidden className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-lg font-bold text-white ${TILE_COLORS[i.id] ?? "bg-slate-500"}`}>
                {i.name.charAt(0)}
              </span>
              <div className="min-w-0 flex-1">
                <p className="font-medium">{i.name}</p>
                <p className="truncate text-sm text-slate-500">{i.connected ? `Connected${i.handle ? ` as ${i.handle}` : ""}` : "Not connected"}</p>
              </div>
              <button
                type="button"
                disabled
                title={ACCOUNTS_PENDING}
                aria-label={`${i.connected ? "Disconnect" : "Connect"} ${i.name}`}
                className={`rounded-lg px-3 py-1.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-60 ${
                  i.connected ? "border border-slate-300 text-slate-700" : "bg-indigo-600 text-white"
                }`}
              >
                {i.connected ? "Disconnect" : "Connect"}
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h2 className="text-base font-semibold">Publishing Settings</h2>
        <div className="mt-2 divide-y divide-slate-100">
          <SwitchField name="autoPost" label="Auto-post to connected platforms" hint="Share published content on every connected platform." defaultChecked={values.autoPost} />
          <SwitchField
            name="scheduleOptimalTiming"
            label="Schedule posts for optimal timing"
            hint="Hold posts until the hour your audience is most active."
            defaultChecked={values.scheduleOptimalTiming}
          />
        </div>
      </div>
    </div>
  );
}
