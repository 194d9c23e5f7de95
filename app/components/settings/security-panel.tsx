import { Laptop, LogOut } from "lucide-react";
import { useResetOnSuccess } from "~/components/ui/reset-on-success";
import { TextField } from "~/components/ui/field";
import { PASSWORD_MIN } from "~/domain/auth-forms";
import { useRenderTime } from "~/components/ui/use-render-time";
import { timeAgo } from "~/domain/relative-time";
import { ReplyMessage, errorsOf, primaryButtonSm, secondaryButton, useSettingsFetcher } from "./settings-reply";

export interface ActiveSession {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  userAgent: string;
  ip: string;
  current: boolean;
}

/** "Chrome on Linux" from a user-agent string; good enough to tell sessions apart. */
function describeAgent(ua: string): string {
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Chrome\//.test(ua)
      ? "Chrome"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /Safari\//.test(ua)
          ? "Safari"
          : ua
            ? "Browser"
            : "Unknown client";
  const os = /Windows/.test(ua)
    ? "Windows"
    : /Mac OS X/.test(ua)
      ? "macOS"
      : /Android/.test(ua)
        ? "Android"
        : /iPhone|iPad/.test(ua)
          ? "iOS"
          : /Linux/.test(ua)
            ? "Linux"
            : "";
  return os ? `${browser} on ${os}` : browser;
}

function ChangePasswordForm() {
  const fetcher = useSettingsFetcher("password");
  const reply = fetcher.data;
  const form = useResetOnSuccess(fetcher, !!reply?.ok);
  return (
    <section aria-labelledby="password-title">
      <h2 id="password-title" className="text-base font-semibold">
        Change password
      </h2>
      <fetcher.Form ref={form} method="post" className="mt-4 grid max-w-md gap-4" noValidate>
        <input type="hidden" name="intent" value="password" />
        <TextField
          name="current"
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errorsOf(reply).current}
        />
        <TextField
          name="password"
          id="new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters.`}
          error={errorsOf(reply).password}
        />
        <TextField
          name="confirm"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errorsOf(reply).confirm}
        />
        <div className="flex items-center gap-4">
          <button type="submit" className={primaryButtonSm} disabled={fetcher.state !== "idle"}>
            Update password
          </button>
          <ReplyMessage reply={reply} />
        </div>
      </fetcher.Form>
    </section>
  );
}

function SessionList({ sessions }: { sessions: ActiveSession[] }) {
  const fetcher = useSettingsFetcher("sessions");
  const others = sessions.filter((s) => !s.current).length;
  const now = useRenderTime();
  return (
    <section aria-labelledby="sessions-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="sessions-title" className="text-base font-semibold">
            Active sessions
          </h2>
          <p className="text-sm text-slate-500">Everywhere you are signed in. Sessions end after 30 days.</p>
        </div>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="sign-out-others" />
          <button type="submit" className={secondaryButton} disabled={others === 0 || fetcher.state !== "idle"}>
            <LogOut size={16} aria-hidden /> Sign out other sessions
          </button>
        </fetcher.Form>
      </div>
      <ReplyMessage reply={fetcher.data} className="mt-2" />
      <ul className="mt-4 divide-y divide-slate-100 rounded-lg border border-slate-200" data-testid="sessions">
        {sessions.map((s) => (
          <li key={s.id} className="flex items-center gap-3 px-4 py-3 text-sm">
            <Laptop size={18} aria-hidden className="text-slate-400" />
            <div className="flex-1">
              <p className="font-medium">
                {describeAgent(s.userAgent)}
                {s.current ? (
                  <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700">This session</span>
                ) : null}
              </p>
              <p className="text-slate-500">
                {s.ip ? `${s.ip} · ` : ""}signed in {timeAgo(s.createdAt, now)} · last active {timeAgo(s.lastUsedAt, now)}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function SecurityPanel({ sessions }: { sessions: ActiveSession[] }) {
  return (
    <div className="space-y-10">
      <ChangePasswordForm />
      <SessionList sessions={sessions} />
    </div>
  );
}
