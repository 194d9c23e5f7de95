import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { routeAction } from "~/web/action.server";
import { ChannelsPanel } from "~/components/channels/channels-panel";
import { getChannelItem } from "~/models/channel-post.server";
import { channelPanelData } from "~/services/channel-panel.server";
import { requireUser } from "~/web/session.server";
import { create, posted, retry, schedule, text, unschedule } from "./handlers.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";

export const meta = () => [{ title: "Channel posts · Content Studio" }];

/** The Channels panel on a page of its own: where its forms land without JavaScript. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const item = await getChannelItem(params.id ?? "");
  if (!item) throw new Response("That content item does not exist.", { status: 404 });
  return { title: item.title, panel: await channelPanelData(item, user) };
}

// A function, not `const action = routeAction(…)`: the browser build keeps top-level calls.
export function action(args: ActionFunctionArgs) {
  return routeAction({
    intents: { create, text, schedule, unschedule, retry, posted },
    unknownIntent: (i) => `Unknown channel-post action: ${i || "none"}.`,
  })(args);
}

export default function ChannelPosts() {
  const { title, panel } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-4xl">
      <p className="text-sm">
        <Link to={`/editor?id=${panel.itemId}`} className="font-medium text-indigo-700 hover:underline">
          ← Back to the editor
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">Channel posts: {title}</h1>
      <ChannelsPanel data={panel} title={title} reply={reply} />
    </div>
  );
}
