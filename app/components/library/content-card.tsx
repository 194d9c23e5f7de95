import { Link } from "@remix-run/react";
import { Eye, MoreHorizontal, Pencil, Share2 } from "lucide-react";
import { useState } from "react";
import { StatusBadge, TypeBadge } from "~/components/ui/badges";
import { formatCompact } from "~/domain/format";
import type { ContentCard } from "~/models/content.server";

export function ItemActions({ id, title }: { id: string; title: string }) {
  const [copied, setCopied] = useState(false);
  const icon = "rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-40";
  return (
    <div className="flex items-center gap-1">
      <Link to={`/editor?id=${id}`} className={icon} aria-label={`View ${title}`}><Eye size={16} aria-hidden /></Link>
      <Link to={`/editor?id=${id}`} className={icon} aria-label={`Edit ${title}`}><Pencil size={16} aria-hidden /></Link>
      <button
        type="button"
        className={icon}
        aria-label={copied ? "Link copied" : `Share ${title}`}
        title={copied ? "Link copied" : "Copy link"}
        onClick={() => {
          navigator.clipboard?.writeText(`${window.location.origin}/editor?id=${id}`).catch(() => undefined);
          setCopied(true);
        }}
      >
        <Share2 size={16} aria-hidden />
      </button>
      <button type="button" className={icon} aria-label={`More actions for ${title}`} title="Duplicate, archive and delete arrive with content lifecycle" disabled>
        <MoreHorizontal size={16} aria-hidden />
      </button>
    </div>
  );
}

export function Tags({ tags, max }: { tags: string[]; max: number }) {
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
      {tags.slice(0, max).map((t) => (
        <li key={t} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-600">{t}</li>
      ))}
    </ul>
  );
}

export function GridCard({ item, date }: { item: ContentCard; date: string }) {
  return (
    <article className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="content-card">
      <img src={`/thumbnails/${item.id}`} alt="" width={400} height={200} loading="lazy" className="h-36 w-full object-cover" />
      <div className="space-y-3 p-4">
        <div className="flex items-center gap-2">
          <TypeBadge type={item.type} />
          <StatusBadge status={item.status} />
        </div>
        <h2 className="line-clamp-2 font-semibold">{item.title}</h2>
        <p className="flex flex-wrap items-center gap-x-3 text-xs text-slate-500">
          <span>{item.author}</span>
          <time dateTime={item.date}>{date}</time>
          <span className="flex items-center gap-1"><Eye size={12} aria-hidden />{formatCompact(item.views)}</span>
        </p>
        <Tags tags={item.tags} max={3} />
        <div className="border-t border-slate-100 pt-2">
          <ItemActions id={item.id} title={item.title} />
        </div>
      </div>
    </article>
  );
}
