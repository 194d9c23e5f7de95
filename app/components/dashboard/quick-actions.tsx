import { Link } from "@remix-run/react";
import { Image, MessageSquareText, PenSquare, Share2, Workflow } from "lucide-react";

// Each action leads to the screen where the work happens; later issues deepen them.
const ACTIONS = [
  { label: "New Blog Post", to: "/editor", icon: PenSquare },
  { label: "Generate Caption", to: "/editor", icon: MessageSquareText },
  { label: "Create Visual", to: "/editor", icon: Image },
  { label: "Share Content", to: "/library", icon: Share2 },
  { label: "AI Workflow", to: "/workflow", icon: Workflow },
];

export function QuickActions() {
  return (
    <div className="grid grid-cols-1 gap-2">
      {ACTIONS.map(({ label, to, icon: Icon }) => (
        <Link key={label} to={to} className="flex items-center gap-3 rounded-lg border border-slate-200 px-4 py-3 text-sm font-medium hover:border-indigo-300 hover:bg-indigo-50">
          <Icon size={18} className="text-indigo-600" aria-hidden /> {label}
        </Link>
      ))}
    </div>
  );
}
