import { initialOf } from "~/domain/format";

const COLORS = ["bg-indigo-500", "bg-emerald-500", "bg-amber-500", "bg-rose-500", "bg-sky-500", "bg-violet-500", "bg-teal-500"];

function colorFor(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return COLORS[hash % COLORS.length];
}

/** `label` names more than the person (their presence); `dim` greys an absent member out. */
export function Avatar({
  name,
  size = "md",
  ring = false,
  label,
  dim = false,
}: {
  name: string;
  size?: "sm" | "md";
  ring?: boolean;
  label?: string;
  dim?: boolean;
}) {
  const dims = size === "sm" ? "h-7 w-7 text-xs" : "h-9 w-9 text-sm";
  return (
    <span
      role={label ? "img" : undefined}
      title={label ?? name}
      aria-label={label ?? name}
      className={`inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white ${dims} ${colorFor(name)} ${ring ? "ring-2 ring-white" : ""} ${dim ? "opacity-40 grayscale" : ""}`}
    >
      {initialOf(name)}
    </span>
  );
}
