import { Bell, Lock } from "lucide-react";

const COPY = {
  notifications: {
    icon: Bell,
    title: "Notifications",
    body: "Per-person notification preferences arrive with user accounts. Until then, the bell in the top bar flags new activity from your team.",
  },
  security: {
    icon: Lock,
    title: "Security",
    body: "Passwords, two-factor sign-in and session management arrive with user accounts. Until then, everyone using this studio acts as the demo content manager.",
  },
} as const;

/** Honest placeholder for sections that need real accounts first. */
export function AccountsPendingPanel({ section }: { section: keyof typeof COPY }) {
  const { icon: Icon, title, body } = COPY[section];
  return (
    <div className="flex items-start gap-4">
      <span className="rounded-lg bg-slate-100 p-2.5 text-slate-600">
        <Icon size={20} aria-hidden />
      </span>
      <div>
        <h2 className="text-base font-semibold">{title}</h2>
        <p className="mt-1 max-w-xl text-sm text-slate-600">{body}</p>
        <p className="mt-3 inline-block rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-medium text-amber-800">Arrives with accounts</p>
      </div>
    </div>
  );
}
