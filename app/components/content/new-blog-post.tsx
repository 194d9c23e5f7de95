import { useFetcher } from "@remix-run/react";
import type { action } from "~/routes/content.new";
import { UNTITLED_BLOG_POST } from "~/domain/content-forms";
import { IdempotencyKeyField } from "~/components/ui/idempotency-key";

/** The draft "New Blog Post" starts (or reopens, while still empty): the member renames it in the editor. */
export const NEW_BLOG_POST = { title: UNTITLED_BLOG_POST, type: "blog", tags: "" } as const;

/**
 * Creates the draft with a POST to /content/new. A fetcher, so a refusal can be shown where
 * the member is; on success the action's redirect opens the editor.
 */
export function useNewBlogPost() {
  const fetcher = useFetcher<typeof action>();
  return {
    fetcher,
    create: () => fetcher.submit({ ...NEW_BLOG_POST }, { method: "post", action: "/content/new" }),
    busy: fetcher.state !== "idle",
    error: fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.formError : null,
  };
}

/** A real form POST (works before scripts load), for buttons such as the dashboard's. */
export function NewBlogPostForm({
  newPost,
  className,
  children,
}: {
  newPost: ReturnType<typeof useNewBlogPost>;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <newPost.fetcher.Form method="post" action="/content/new" className={className}>
      <IdempotencyKeyField />
      {Object.entries(NEW_BLOG_POST).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </newPost.fetcher.Form>
  );
}
