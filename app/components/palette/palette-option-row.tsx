import { FileText, LogOut, PenSquare, Search, UserPlus, type LucideIcon } from "lucide-react";
import { NAV } from "~/components/shell/nav";
import { StatusBadge, TypeBadge } from "~/components/ui/badges";
import type { PaletteOption } from "~/domain/command-palette";

function iconOf(option: PaletteOption): LucideIcon {
  if (option.kind === "library") return Search;
  if (option.kind === "content") return FileText;
  const { command } = option;
  if (command.kind === "new-blog-post") return PenSquare;
  if (command.kind === "sign-out") return LogOut;
  if (command.id === "invite") return UserPlus;
  return NAV.find((screen) => screen.to === command.to)?.icon ?? FileText;
}

/** One option of the palette's listbox. Pointing makes it active; the input keeps focus throughout. */
export function PaletteOptionRow({
  id,
  option,
  active,
  busy,
  onPoint,
  onChoose,
}: {
  id: string;
  option: PaletteOption;
  active: boolean;
  busy: boolean;
  onPoint: () => void;
  onChoose: () => void;
}) {
  const Icon = iconOf(option);
  return (
    // A listbox option: focus stays in the search field (aria-activedescendant), which handles the keys.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus
    <div
      id={id}
      role="option"
      aria-selected={active}
      aria-busy={busy || undefined}
      onMouseMove={active ? undefined : onPoint}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onChoose}
      className={`flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-sm ${active ? "bg-indigo-50 text-indigo-900" : "text-slate-700"}`}
    >
      <Icon size={16} aria-hidden className={`shrink-0 ${active ? "text-indigo-600" : "text-slate-400"}`} />
      <span className="min-w-0 flex-1">
        <span className="block truncate">{busy ? `${option.label} — creating…` : option.label}</span>
        {option.kind === "content" && option.item.excerpt ? (
          <span className="block truncate text-xs text-slate-500">{option.item.excerpt}</span>
        ) : null}
      </span>
      {option.kind === "content" ? (
        <span className="flex shrink-0 items-center gap-2">
          <TypeBadge type={option.item.type} />
          <StatusBadge status={option.item.status} />
        </span>
      ) : null}
      {/* The Enter hint is drawn by CSS so it stays out of the option's text. */}
      {active ? <span aria-hidden className="shrink-0 text-xs text-indigo-500 after:content-['↵']" /> : null}
    </div>
  );
}
