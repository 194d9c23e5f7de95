import { useEffect, useState } from "react";

/** "Your time: Tue 1 Dec, 10:00 (Europe/Berlin)" when the viewer's zone differs from the team's. */
export function ViewerZone({ teamZone, at }: { teamZone: string; at: string | null }) {
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  if (!zone || zone === teamZone) return null;
  const when = at
    ? new Intl.DateTimeFormat("en-GB", {
        weekday: "short",
        day: "numeric",
        month: "short",
        hour: "2-digit",
        minute: "2-digit",
        timeZone: zone,
      }).format(new Date(at))
    : null;
  return (
    <p className="mt-1 text-xs text-slate-500" data-testid="viewer-zone">
      {when ? `Your time: ${when} (${zone})` : `Times are in ${teamZone}; you are in ${zone}.`}
    </p>
  );
}
