import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { useNonce } from "~/components/ui/nonce";
import { Sidebar } from "~/components/shell/sidebar";
import { TopBar } from "~/components/shell/top-bar";
import { useDrawer } from "~/components/shell/use-drawer";
import { permissionsOf } from "~/domain/permissions";
import { countUnreadNotifications, listNotifications } from "~/models/notification.server";
import { listTeamOnline } from "~/models/user.server";
import { getSessionUser, requireUser } from "~/web/session.server";
import stylesheet from "~/tailwind.css";
import { UNANSWERED, keepShownWhenUnanswered, unanswered } from "~/components/keep-shown";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: "Content Studio" }];

/** The shell (member, bell, team) reloads with every page: without an answer it keeps what it shows. */
export const clientLoader = keepShownWhenUnanswered("root", { everyPage: true });

const PUBLIC_PATHS = [/^\/login\/?$/, /^\/invite\/[^/]+\/?$/];
/** An external review link's page: no shell, no member, whoever opens it (issue 37). */
const REVIEW_PATH = /^\/review\/[^/]+\/?$/;

export async function loader({ request }: LoaderFunctionArgs) {
  const path = new URL(request.url).pathname;
  const isPublic = PUBLIC_PATHS.some((p) => p.test(path));
  const user = REVIEW_PATH.test(path) ? null : isPublic ? await getSessionUser(request) : await requireUser(request);
  const now = new Date().toISOString(); // relative times in the page are measured from here (useRenderTime)
  if (!user) return { now, user: null, online: [], unread: 0, notifications: [] };
  const [online, unread, notifications] = await Promise.all([
    listTeamOnline(),
    countUnreadNotifications(user.id),
    listNotifications(user.id),
  ]);
  return {
    now,
    user: { id: user.id, name: user.name, title: user.title, role: user.role, can: permissionsOf(user.role) },
    workspace: user.workspaceName,
    online,
    unread,
    notifications: notifications.map((n) => ({ ...n, createdAt: n.createdAt.toISOString(), readAt: n.readAt?.toISOString() ?? null })),
  };
}

function Document({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="h-full">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { user, online, unread, notifications, workspace } = useLoaderData<typeof loader>();
  if (!user) {
    return (
      <Document>
        <Outlet />
      </Document>
    );
  }
  return (
    <Document>
      <Shell online={online} workspace={workspace ?? ""} user={user} unread={unread} notifications={notifications} />
    </Document>
  );
}

function Shell(
  props: Omit<React.ComponentProps<typeof TopBar>, "drawer"> & { online: { id: string; name: string; live: boolean }[]; workspace: string },
) {
  const drawer = useDrawer();
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-3 font-medium text-indigo-700 shadow focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        Skip to main content
      </a>
      <div className="flex h-full">
        <Sidebar online={props.online} workspace={props.workspace} drawer={drawer} />
        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar user={props.user} unread={props.unread} notifications={props.notifications} drawer={drawer} />
          <main id="main" tabIndex={-1} className="relative min-w-0 flex-1 overflow-y-auto p-4 focus:outline-none sm:p-6 lg:p-8">
            <Outlet />
          </main>
        </div>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status}: ${typeof error.data === "string" ? error.data : error.statusText}`
    : unanswered(error)
      ? UNANSWERED
      : "Something went wrong.";
  return (
    <Document>
      <main className="mx-auto max-w-lg p-12 text-center">
        <h1 className="text-2xl font-bold">Content Studio is unavailable</h1>
        <p className="mt-3 text-slate-600">{message}</p>
        <a className="mt-6 inline-block text-indigo-600 underline" href="/">
          Back to the dashboard
        </a>
      </main>
    </Document>
  );
}
