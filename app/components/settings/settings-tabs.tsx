import { Link, useNavigate } from "@remix-run/react";
import { Bell, Bot, Lock, Megaphone, Plug, Users } from "lucide-react";
import { useRef } from "react";

export const SETTINGS_TABS = [
  { id: "brand", label: "Brand Voice", icon: Megaphone },
  { id: "agents", label: "AI Agents", icon: Bot },
  { id: "team", label: "Team & Roles", icon: Users },
  { id: "integrations", label: "Integrations", icon: Plug },
  { id: "notifications", label: "Notifications", icon: Bell },
  { id: "security", label: "Security", icon: Lock },
] as const;

export type SettingsTab = (typeof SETTINGS_TABS)[number]["id"];

export function parseTab(value: string | null): SettingsTab {
  return SETTINGS_TABS.find((t) => t.id === value)?.id ?? "brand";
}

export const tabElementId = (tab: SettingsTab) => `settings-tab-${tab}`;
export const panelElementId = (tab: SettingsTab) => `settings-panel-${tab}`;

/** Vertical tab menu; each tab is a link to ?tab=…, arrow keys move between tabs. */
export function SettingsTabList({ current, flagged }: { current: SettingsTab; flagged: ReadonlySet<SettingsTab> }) {
  const navigate = useNavigate();
  const tabs = useRef<(HTMLAnchorElement | null)[]>([]);

  function onKeyDown(event: React.KeyboardEvent) {
    // Start from the focused tab: the URL may still be catching up with a click.
    const focused = tabs.current.findIndex((el) => el === event.target);
    const index = focused === -1 ? SETTINGS_TABS.findIndex((t) => t.id === current) : focused;
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: SETTINGS_TABS.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = (moves[event.key] + SETTINGS_TABS.length) % SETTINGS_TABS.length;
    tabs.current[next]?.focus();
    navigate(`?tab=${SETTINGS_TABS[next].id}`, { replace: true, preventScrollReset: true });
  }

  return (
    // Roving focus: the tabs are focusable, the tablist handles the arrow keys.
    // eslint-disable-next-line jsx-a11y/interactive-supports-focus
    <div
      role="tablist"
      aria-label="Settings sections"
      aria-orientation="vertical"
      onKeyDown={onKeyDown}
      className="flex flex-col gap-1 self-start rounded-xl border border-slate-200 bg-white p-2 shadow-sm"
    >
      {SETTINGS_TABS.map(({ id, label, icon: Icon }, i) => {
        const selected = id === current;
        return (
          <Link
            key={id}
            ref={(el) => (tabs.current[i] = el)}
            to={`?tab=${id}`}
            replace
            preventScrollReset
            role="tab"
            id={tabElementId(id)}
            aria-controls={panelElementId(id)}
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            className={`flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium ${selected ? "bg-indigo-50 text-indigo-700" : "text-slate-600 hover:bg-slate-100"}`}
          >
            <Icon size={18} aria-hidden />
            <span className="flex-1">{label}</span>
            {flagged.has(id) ? (
              <span className="h-2 w-2 rounded-full bg-rose-500">
                <span className="sr-only">(needs attention)</span>
              </span>
            ) : null}
          </Link>
        );
      })}
    </div>
  );
}

export function SettingsPanel({ tab, current, children }: { tab: SettingsTab; current: SettingsTab; children: React.ReactNode }) {
  return (
    <section
      role="tabpanel"
      id={panelElementId(tab)}
      aria-labelledby={tabElementId(tab)}
      hidden={tab !== current}
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      {children}
    </section>
  );
}
