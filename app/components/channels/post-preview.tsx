import { CHANNEL_LABELS, previewCut, type Channel } from "~/domain/channels/network-limits";

/** Roughly how the network shows the post: the text cut where its feed cuts it, then a link card. */
export function PostPreview({
  channel,
  text,
  link,
  imageUrl,
  title,
}: {
  channel: Channel;
  text: string;
  link: string | null;
  imageUrl: string | null;
  title: string;
}) {
  const { shown, cut } = previewCut(channel, text);
  let host = "";
  try {
    host = link ? new URL(link).host : "";
  } catch {
    host = "";
  }
  return (
    <figure className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm" aria-label={`${CHANNEL_LABELS[channel]} preview`}>
      <p className="whitespace-pre-wrap break-words text-slate-800">
        {shown}
        {cut ? <span className="text-slate-500">… more</span> : null}
      </p>
      {link ? (
        <div className="mt-2 overflow-hidden rounded-md border border-slate-200 bg-white">
          {imageUrl ? <img src={imageUrl} alt="" className="aspect-[1200/630] w-full object-cover" loading="lazy" /> : null}
          <div className="px-3 py-2">
            <p className="truncate text-xs uppercase text-slate-500">{host}</p>
            <p className="truncate font-medium">{title}</p>
          </div>
        </div>
      ) : null}
    </figure>
  );
}
