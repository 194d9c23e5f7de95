// The editor's Channels panel: one card per channel post. Its forms post to /content/<id>/channels,
// so without JavaScript they land on that page, which shows the same panel with the reply.
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { describedBy, errorId, FieldError, inputClass } from "~/components/ui/field";
import { measurePost } from "~/domain/channels/network-limits";
import type { ChannelPanelData } from "~/domain/channels/channel-panel";
import type { action } from "~/routes/content.$id.channels/route";
import { ChannelIcon, PostStatusBadge } from "./post-status";
import { PostPreview } from "./post-preview";
import { HandPost } from "./hand-post";
import { openOnLabel } from "~/domain/channels/hand-posting";
import { ViewerZone } from "./viewer-zone";
import { IdempotencyKeyField } from "~/components/ui/idempotency-key";

type Reply = NonNullable<ReturnType<typeof useFetcher<typeof action>>["data"]>;
type Post = ChannelPanelData["posts"][number];

const primary =
  "inline-flex items-center justify-center rounded-lg bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-60";
const secondary =
  "inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60";

export function ChannelsPanel({ data, title, reply: pageReply }: { data: ChannelPanelData; title: string; reply?: Reply }) {
  const fetcher = useFetcher<typeof action>();
  const to = `/content/${data.itemId}/channels`;
  const createReply = fetcher.data ?? (pageReply && "intent" in pageReply && pageReply.intent === "create" ? pageReply : undefined);
  return (
    <section
      aria-labelledby="channels-title"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="channels-panel"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="channels-title" className="font-semibold">
            Channels
          </h2>
          <p className="text-sm text-slate-500">One post per channel, each with its own text and time. Times are in {data.timeZone}.</p>
        </div>
        {data.canEdit && data.missing.length > 0 ? (
          <fetcher.Form method="post" action={to}>
            <input type="hidden" name="intent" value="create" />
            <IdempotencyKeyField renewOn={createReply?.ok ? createReply : null} />
            <input type="hidden" name="id" value={data.itemId} />
            <button type="submit" className={primary} disabled={fetcher.state !== "idle"}>
              {data.posts.length
                ? `Add posts for ${data.missing.length} more channel${data.missing.length === 1 ? "" : "s"}`
                : "Create channel posts"}
            </button>
          </fetcher.Form>
        ) : null}
      </div>
      {createReply && !createReply.ok ? (
        <p role="alert" className="mt-2 text-sm font-medium text-rose-600">
          {createReply.formError}
        </p>
      ) : null}
      {data.publicUrlWarning ? (
        <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-800" data-testid="public-url-warning">
          {data.publicUrlWarning}
        </p>
      ) : null}
      {!data.siteUrl ? (
        <p className="mt-2 text-sm text-amber-700">Set your website address in Settings › Integrations so posts link to the article.</p>
      ) : null}
      {data.posts.length === 0 ? <p className="mt-3 text-sm text-slate-500">No channel posts yet.</p> : null}
      <ul className="mt-4 space-y-4">
        {data.posts.map((post) => (
          <PostCard
            key={post.id}
            post={post}
            data={data}
            title={title}
            to={to}
            pageReply={pageReply && "postId" in pageReply && pageReply.postId === post.id ? pageReply : undefined}
          />
        ))}
      </ul>
    </section>
  );
}

function PostCard({
  post,
  data,
  title,
  to,
  pageReply,
}: {
  post: Post;
  data: ChannelPanelData;
  title: string;
  to: string;
  pageReply?: Reply;
}) {
  const fetcher = useFetcher<typeof action>({ key: `post-${post.id}` });
  const reply = fetcher.data ?? pageReply;
  const [text, setText] = useState(post.text);
  const measure = measurePost(post.channel, text, post.link);
  const errors: Record<string, string | undefined> = reply && !reply.ok ? reply.fieldErrors : {};
  const formError = reply && !reply.ok && !Object.keys(reply.fieldErrors).length ? reply.formError : null;
  const below =
    reply && !reply.ok && "belowThreshold" in reply ? (reply.belowThreshold as { score: number; threshold: number } | null) : null;
  const id = `post-${post.id}`;
  const locked = post.status === "published" || post.status === "publishing";
  const editable = data.canEdit && !locked;
  const busy = fetcher.state !== "idle";
  return (
    <li id={id} data-testid="channel-post" data-channel={post.channel} className="rounded-lg border border-slate-200 p-3 sm:p-4">
      <div className="flex flex-wrap items-center gap-2">
        <ChannelIcon channel={post.channel} label={post.label} />
        <h3 className="font-medium">{post.label}</h3>
        <PostStatusBadge status={post.status} />
        {post.scheduledLabel && post.status === "scheduled" ? <span className="text-xs text-slate-500">{post.scheduledLabel}</span> : null}
        {post.publishedLabel ? <span className="text-xs text-slate-500">sent {post.publishedLabel}</span> : null}
        {!post.connected ? <span className="text-xs font-medium text-rose-700">Not connected</span> : null}
        {post.status === "published" && post.externalUrl ? (
          <a href={post.externalUrl} target="_blank" rel="noreferrer noopener" className="text-xs font-medium text-indigo-700 underline">
            {openOnLabel(post.channel)}
          </a>
        ) : null}
      </div>
      {post.status === "published" && post.figures ? (
        <div className="mt-2 text-sm" data-testid="post-figures">
          <p className={post.figures.pulled ? "font-medium text-slate-800" : "text-slate-500"}>
            <span className="sr-only">{post.label} figures: </span>
            {post.figures.line}
          </p>
          {post.figures.problem ? <p className="text-xs text-amber-800">Last pull: {post.figures.problem}</p> : null}
        </div>
      ) : null}
      {post.heldReason && post.status === "publishing" ? (
        <p className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="held-reason">
          Waiting: {post.heldReason}
        </p>
      ) : null}
      {post.status === "manual" ? (
        <HandPost post={post} title={title} to={to} fetcher={fetcher} error={errors.url} canEdit={data.canEdit} />
      ) : null}
      {post.status === "failed" && post.lastError ? (
        <p id={`${id}-reason`} className="mt-2 rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800" data-testid="failure-reason">
          Failed after {post.attempts} attempt{post.attempts === 1 ? "" : "s"}: {post.lastError}
        </p>
      ) : null}
      {post.scheduleNote ? (
        <p className="mt-2 text-sm text-slate-600" data-testid="schedule-note">
          {post.scheduleNote}
        </p>
      ) : null}
      {post.status === "missed" ? (
        <p className="mt-2 rounded-md bg-orange-50 px-3 py-2 text-sm text-orange-900" data-testid="missed-reason">
          {post.lastError ?? "Missed"}
          {post.scheduledLabel ? ` (${post.scheduledLabel})` : ""}. Pick a new time to schedule it again.
        </p>
      ) : null}
      {post.status === "publishing" && post.lastError && !post.heldReason ? (
        <p className="mt-2 text-sm text-amber-800">Retrying: {post.lastError}</p>
      ) : null}
      <div className="mt-3 grid gap-3 md:grid-cols-2">
        <fetcher.Form method="post" action={to}>
          <input type="hidden" name="intent" value="text" />
          <input type="hidden" name="postId" value={post.id} />
          <label htmlFor={`${id}-text`} className="text-sm font-medium text-slate-700">
            {post.label} text
          </label>
          <textarea
            id={`${id}-text`}
            name="text"
            rows={post.channel === "twitter" ? 4 : 6}
            value={text}
            onChange={(e) => setText(e.target.value)}
            readOnly={!editable}
            aria-invalid={errors.text || measure.over ? true : undefined}
            aria-describedby={describedBy(`${id}-count`, errors.text && errorId(`${id}-text`))}
            className={inputClass}
          />
          <p
            id={`${id}-count`}
            aria-live="polite"
            className={`mt-1 text-xs ${measure.over ? "font-semibold text-rose-700" : "text-slate-500"}`}
            data-testid="limit-counter"
          >
            {measure.used.toLocaleString("en-US")} / {measure.limit.toLocaleString("en-US")}
            {measure.hashtagLimit !== null ? ` · ${measure.hashtags} / ${measure.hashtagLimit} hashtags` : ""}
            {measure.over ? " · over the limit" : ""}
          </p>
          <FieldError field={`${id}-text`} message={errors.text} />
          {editable ? (
            <button type="submit" name="save" className={`${secondary} mt-2`} disabled={busy}>
              Save text
            </button>
          ) : null}
        </fetcher.Form>
        <PostPreview channel={post.channel} text={text} link={post.link} imageUrl={post.imageUrl} title={title} />
      </div>
      {editable && post.status !== "manual" ? (
        <fetcher.Form method="post" action={to} className="mt-3 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="schedule" />
          <input type="hidden" name="postId" value={post.id} />
          <div className="min-w-[14rem] flex-1">
            <label htmlFor={`${id}-when`} className="text-sm font-medium text-slate-700">
              Publish at ({data.timeZone})
            </label>
            <input
              id={`${id}-when`}
              type="datetime-local"
              name="scheduledAt"
              defaultValue={post.scheduledLocal}
              min={data.minLocal}
              aria-invalid={errors.scheduledAt ? true : undefined}
              aria-describedby={errors.scheduledAt ? errorId(`${id}-when`) : undefined}
              className={inputClass}
            />
            <ViewerZone teamZone={data.timeZone} at={post.scheduledAt} />
          </div>
          <button type="submit" name="when" value="picked" className={primary} disabled={busy}>
            {post.status === "scheduled" ? "Reschedule" : "Schedule"}
          </button>
          {data.best ? (
            <button type="submit" name="when" value="best" className={secondary} disabled={busy} title="Best Time to Post">
              Best time: {data.best.label}
            </button>
          ) : null}
          {below && data.canOverride ? (
            <button type="submit" name="override" value="true" className={secondary} disabled={busy}>
              Schedule anyway (score {below.score} of {below.threshold})
            </button>
          ) : null}
          <div className="basis-full">
            <FieldError field={`${id}-when`} message={errors.scheduledAt ?? errors.channel} />
          </div>
        </fetcher.Form>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        {editable && post.status === "scheduled" ? (
          <fetcher.Form method="post" action={to}>
            <input type="hidden" name="intent" value="unschedule" />
            <input type="hidden" name="postId" value={post.id} />
            <button type="submit" className={secondary} disabled={busy}>
              Unschedule
            </button>
          </fetcher.Form>
        ) : null}
        {data.canEdit && post.status === "failed" ? (
          <fetcher.Form method="post" action={to}>
            <input type="hidden" name="intent" value="retry" />
            <input type="hidden" name="postId" value={post.id} />
            <button type="submit" className={primary} disabled={busy}>
              Retry
            </button>
          </fetcher.Form>
        ) : null}
      </div>
      {formError ? (
        <p role="alert" className="mt-2 text-sm font-medium text-rose-600">
          {formError}
        </p>
      ) : null}
      {reply?.ok && "message" in reply ? (
        <p role="status" className="mt-2 text-sm text-emerald-700">
          {reply.message}
        </p>
      ) : null}
    </li>
  );
}
