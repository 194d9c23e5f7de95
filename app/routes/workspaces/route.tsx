// /workspaces, the Owner's screen (decision 079): every workspace of the studio with its members and
// items; create, rename, delete (after typing its name); the instance's audit entries. Owner only, an
// Admin of a workspace too gets 403. Plain forms: it works without scripts.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/ui/card";
import { TextField } from "~/components/ui/field";
import { actionLabel } from "~/domain/audit";
import { messageOf } from "~/domain/reply";
import { WORKSPACE_NAME_MAX } from "~/domain/workspace-forms";
import { listInstanceAudit, listWorkspacesForOwner } from "~/models/workspace.server";
import { routeAction } from "~/web/action.server";
import { authorizeOwner } from "~/web/authorize.server";
import { requireUser } from "~/web/session.server";
import { create, remove, rename } from "./handlers.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";

export const meta = () => [{ title: "Workspaces · Content Studio" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  authorizeOwner(user);
  const [workspaces, audit] = await Promise.all([listWorkspacesForOwner(), listInstanceAudit(20)]);
  return {
    current: user.workspaceId,
    workspaces: workspaces.map((w) => ({ ...w, createdAt: w.createdAt.toISOString() })),
    audit: audit.map((a) => ({ ...a, at: a.at.toISOString(), label: actionLabel(a.action) })),
  };
}

export function action(args: ActionFunctionArgs) {
  return routeAction({ intents: { create, rename, delete: remove }, unknownIntent: () => "Unknown workspace action." })(args);
}

type Reply = ReturnType<typeof useActionData<typeof action>>;

/** The reply when it answers this form (its intent, and its workspace for a row's forms). */
function replyFor(reply: Reply, intent: string, target?: string) {
  if (!reply || !("intent" in reply) || reply.intent !== intent) return undefined;
  if (target !== undefined && "target" in reply && reply.target !== target) return undefined;
  return reply;
}
const errorsOf = (reply: Reply | undefined): Record<string, string | undefined> => (reply && !reply.ok ? reply.fieldErrors : {});

const button =
  "inline-flex min-h-11 items-center rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";
const dangerButton =
  "inline-flex min-h-11 items-center rounded-lg border border-rose-300 bg-white px-4 py-2 text-sm font-medium text-rose-700 hover:bg-rose-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-600";

function Message({ reply }: { reply?: Reply }) {
  const text = messageOf(reply);
  if (!text) return null;
  return (
    <p role={reply?.ok ? "status" : "alert"} className={`mt-2 text-sm font-medium ${reply?.ok ? "text-emerald-700" : "text-rose-600"}`}>
      {text}
    </p>
  );
}

export default function Workspaces() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const made = replyFor(reply, "create");
  const deleted = replyFor(reply, "delete");
  const onlyOne = page.workspaces.length <= 1;
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Workspaces" subtitle="Each workspace is one team's studio: its content, channels, members and audit log." />
      {deleted?.ok ? <Message reply={deleted} /> : null}
      <section aria-labelledby="new-workspace" className="mb-8 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="new-workspace" className="text-lg font-semibold">
          New workspace
        </h2>
        {/* A new key once one is made: the field starts empty again. */}
        <Form key={made?.ok ? made.target : "create"} method="post" className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
          <input type="hidden" name="intent" value="create" />
          <TextField
            id="create-name"
            name="name"
            label="Name"
            required
            maxLength={WORKSPACE_NAME_MAX}
            autoComplete="off"
            error={errorsOf(made).name}
            hint="You become its Admin; it starts with the default brand tones, channels and agents."
            className="min-w-0 flex-1"
          />
          <button type="submit" className={`${button} sm:mt-7`}>
            Create workspace
          </button>
        </Form>
        <Message reply={made} />
      </section>

      <h2 className="mb-3 text-lg font-semibold">All workspaces ({page.workspaces.length})</h2>
      <ul className="space-y-4">
        {page.workspaces.map((w) => (
          <WorkspaceRow key={w.id} workspace={w} current={w.id === page.current} onlyOne={onlyOne} reply={reply} />
        ))}
      </ul>

      <section aria-labelledby="instance-audit" className="mt-8 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="instance-audit" className="text-lg font-semibold">
          Studio audit log
        </h2>
        <p className="mt-1 text-sm text-slate-500">The last 20 changes to the studio's workspaces. Rows cannot be edited or removed.</p>
        {page.audit.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">No workspace has been created, renamed or deleted yet.</p>
        ) : (
          <ol className="mt-3 divide-y divide-slate-100">
            {page.audit.map((a) => (
              <li key={a.id} className="flex flex-wrap gap-x-3 py-2 text-sm">
                <time dateTime={a.at} className="text-slate-500">
                  {a.at.slice(0, 16).replace("T", " ")} UTC
                </time>
                <span>
                  <strong className="font-medium">{a.actorName}</strong> · {a.label} · {a.objectTitle}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["workspaces"][number];

function WorkspaceRow({ workspace: w, current, onlyOne, reply }: { workspace: Row; current: boolean; onlyOne: boolean; reply: Reply }) {
  const renamed = replyFor(reply, "rename", w.id);
  const deleting = replyFor(reply, "delete", w.id);
  return (
    <li aria-labelledby={`ws-${w.id}`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h3 id={`ws-${w.id}`} className="text-base font-semibold break-words">
        {w.name} {current ? <span className="text-sm font-normal text-slate-500">(you are working here)</span> : null}
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        {w.members} {w.members === 1 ? "member" : "members"} · {w.items} {w.items === 1 ? "item" : "items"}
      </p>
      <Form method="post" className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
        <input type="hidden" name="intent" value="rename" />
        <input type="hidden" name="workspaceId" value={w.id} />
        <TextField
          id={`rename-${w.id}`}
          name="name"
          label="Name"
          required
          maxLength={WORKSPACE_NAME_MAX}
          defaultValue={w.name}
          autoComplete="off"
          error={errorsOf(renamed).name}
          className="min-w-0 flex-1"
        />
        <button type="submit" className={`${button} sm:mt-7`}>
          Rename
        </button>
      </Form>
      <Message reply={renamed} />
      <details className="mt-4" open={deleting && !deleting.ok ? true : undefined}>
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-medium text-rose-700">
          Delete this workspace…
        </summary>
        {onlyOne ? (
          <p className="mt-2 text-sm text-slate-600">The studio's only workspace cannot be deleted. Create another first.</p>
        ) : (
          <Form method="post" className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-start">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="workspaceId" value={w.id} />
            <TextField
              id={`confirm-${w.id}`}
              name="confirm"
              label={`Type “${w.name}” to delete it`}
              hint="Its content, channels, figures, uploads and audit log are deleted for good. Members keep their other workspaces."
              autoComplete="off"
              error={errorsOf(deleting).confirm}
              className="min-w-0 flex-1"
            />
            <button type="submit" className={`${dangerButton} sm:mt-7`}>
              Delete for good
            </button>
          </Form>
        )}
        {deleting && !deleting.ok ? <Message reply={deleting} /> : null}
      </details>
    </li>
  );
}
