// An external reviewer's page (issue 37): one item behind a single-purpose link, no account, no
// navigation. The token reaches this item's review and nothing else; tries are rate-limited per address.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, isRouteErrorResponse, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { PostPreview } from "~/components/channels/post-preview";
import { FieldError, TextField, inputClass } from "~/components/ui/field";
import { NOTE_MAX } from "~/domain/approval-forms";
import { CHANNEL_LABELS, isChannel } from "~/domain/channels/network-limits";
import { LINK_MESSAGES } from "~/domain/review-link";
import { reviewView } from "~/services/review-links.server";
import { routeAction } from "~/web/action.server";
import { fail } from "~/web/reply.server";
import { IdempotencyKeyField } from "~/components/ui/idempotency-key";
import { linkOf, NO_STORE, review, reviewer, throttled } from "./review.server";

export const meta = () => [{ title: "Review · Content Studio" }, { name: "robots", content: "noindex" }];

export async function loader({ params, context }: LoaderFunctionArgs) {
  const wait = await throttled(context);
  if (wait)
    throw fail(
      "throttled",
      `Too many requests from this address. Try again in ${Math.ceil(wait / 60)} minutes.`,
      {},
      {},
      { "Retry-After": String(wait) },
    );
  const link = await linkOf(params.token ?? "");
  const view = await reviewView(link);
  if (!view) throw fail("not-found", "The item this link was for no longer exists.", {}, {}, NO_STORE);
  return view;
}

// A function, not `const action = routeAction(…)`: the browser build keeps top-level calls (and so
// the limiter and the handler live in review.server.ts).
export function action(args: ActionFunctionArgs) {
  return routeAction({ caller: reviewer, handler: review })(args);
}

export function ErrorBoundary() {
  return <ReviewError />;
}

function ReviewError() {
  // The message comes from the reply thrown above; shown plainly, with nowhere else to go.
  return (
    <main className="mx-auto max-w-xl p-6">
      <h1 className="text-xl font-semibold">Review link</h1>
      <ReviewErrorMessage />
    </main>
  );
}

function ReviewErrorMessage() {
  const error = useRouteError();
  const data = isRouteErrorResponse(error) ? (error.data as { formError?: string } | string) : null;
  const text = typeof data === "string" ? data : (data?.formError ?? LINK_MESSAGES.unknown);
  return (
    <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-amber-900" data-testid="review-link-error">
      {text}
    </p>
  );
}

export default function Review() {
  const view = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const errors = reply && !reply.ok ? reply.fieldErrors : {};
  return (
    <main className="mx-auto max-w-3xl space-y-6 p-4 sm:p-6">
      <header>
        <p className="text-sm text-slate-600">You were asked to review</p>
        <h1 className="break-words text-2xl font-semibold">{view.title}</h1>
        {view.standing ? (
          <p className="mt-1 text-sm text-slate-700" data-testid="review-standing">
            {view.standing}
          </p>
        ) : null}
        {view.changed ? (
          <p className="mt-2 rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900" role="status">
            This item changed after the link was sent: you are seeing the newest version.
          </p>
        ) : null}
      </header>
      <article className="prose max-w-none break-words" dangerouslySetInnerHTML={{ __html: view.html }} />
      {view.posts.length ? (
        <section aria-labelledby="posts-heading" className="space-y-3">
          <h2 id="posts-heading" className="text-lg font-semibold">
            Channel posts
          </h2>
          {view.posts.map((p) =>
            isChannel(p.channel) ? (
              <div key={p.channel}>
                <h3 className="text-sm font-medium">
                  {CHANNEL_LABELS[p.channel]}
                  {p.scheduledAt ? (
                    <span className="font-normal text-slate-600"> · scheduled {p.scheduledAt.slice(0, 16).replace("T", " ")} UTC</span>
                  ) : null}
                </h3>
                <PostPreview channel={p.channel} text={p.text} link={p.link} imageUrl={null} title={view.title} />
              </div>
            ) : null,
          )}
        </section>
      ) : null}
      <section aria-labelledby="answer-heading" className="rounded-lg border border-slate-200 p-4">
        <h2 id="answer-heading" className="text-lg font-semibold">
          Your review
        </h2>
        {reply ? (
          <p
            role="status"
            className={`mt-2 text-sm font-medium ${reply.ok ? "text-emerald-700" : "text-rose-700"}`}
            data-testid="review-outcome"
          >
            {reply.ok ? reply.message : reply.formError}
          </p>
        ) : null}
        <Form method="post" className="mt-3 space-y-3">
          <IdempotencyKeyField renewOn={reply?.ok ? reply : null} />
          <TextField name="name" label="Your name" autoComplete="name" required maxLength={80} error={errors.name} />
          <div>
            <label htmlFor="note" className="text-sm font-medium text-slate-700">
              Comment or what should change
            </label>
            <textarea
              id="note"
              name="note"
              rows={4}
              maxLength={NOTE_MAX}
              className={inputClass}
              aria-invalid={errors.note ? true : undefined}
            />
            <FieldError field="note" message={errors.note} />
          </div>
          <div className="flex flex-wrap gap-2">
            <button
              type="submit"
              name="decision"
              value="approve"
              className="rounded-lg bg-emerald-700 px-4 py-2 text-sm font-medium text-white"
            >
              Approve
            </button>
            <button
              type="submit"
              name="decision"
              value="changes"
              className="rounded-lg bg-amber-600 px-4 py-2 text-sm font-medium text-white"
            >
              Request changes
            </button>
            <button
              type="submit"
              name="decision"
              value="comment"
              className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium"
            >
              Comment
            </button>
          </div>
        </Form>
      </section>
      {view.history.length ? (
        <section aria-labelledby="history-heading">
          <h2 id="history-heading" className="text-lg font-semibold">
            Earlier reviews through this link
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {view.history.map((h, i) => (
              <li key={i}>
                {h.name} (external) · {h.kind === "approve" ? "approved" : h.kind === "changes" ? "asked for changes" : "commented"}
                {h.note ? `: ${h.note}` : ""}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
