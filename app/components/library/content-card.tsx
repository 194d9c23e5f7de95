import { Eye } from "lucide-react";
import { StatusBadge, TypeBadge } from "~/components/ui/badges";
import type { ItemPermissions } from "~/domain/library-actions";
import { TAGS_SHOWN } from "~/domain/library-query";
import { formatCompact } from "~/domain/format";
import type { ContentCard } from "~/domain/content";
import type { TextPart } from "~/domain/body-search";
import { BodyExcerpt, Highlight } from "./highlight";
import { ItemActions } from "./item-actions";
import { useLibraryActions } from "./library-actions";

export function Tags({ tags, max }: { tags: string[]; max: number }) {
  return (
    <ul className="flex min-w-0 flex-wrap gap-1.5" aria-label="Tags">
      {tags.slice(0, max).map((t) => (
        <li key={t} className="max-w-[12rem] truncate rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
          {t}
        </li>
      ))}
    </ul>
  );
}

export function GridCard({
  item,
  date,
  allowed,
  term = "",
  excerpt,
}: {
  item: ContentCard;
  date: string;
  allowed: ItemPermissions;
  term?: string;
  excerpt?: TextPart[];
}) {
  const busy = useLibraryActions().pendingId === item.id;
  return (
    // No overflow-hidden here: it would clip the More menu.
    <article
      className={`flex flex-col rounded-xl border border-slate-200 bg-white shadow-sm transition-opacity ${busy ? "opacity-60" : ""}`}
      aria-busy={busy}
      data-testid="content-card"
    >
      <img
        src={`/thumbnails/${item.id}`}
        alt=""
        width={400}
        height={200}
        loading="lazy"
        className="h-36 w-full rounded-t-xl object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-center gap-2">
          <TypeBadge type={item.type} />
          <StatusBadge status={item.status} />
        </div>
        {item.chain ? (
          <p className="text-xs text-slate-600" data-testid="chain-standing">
            {item.chain}
          </p>
        ) : null}
        <h2 className="line-clamp-2 break-words font-semibold" title={item.title}>
          <Highlight text={item.title} term={term} />
        </h2>
        {excerpt ? (
          <BodyExcerpt parts={excerpt} />
        ) : item.excerpt ? (
          <p className="line-clamp-2 break-words text-sm text-slate-600">{item.excerpt}</p>
        ) : null}
        <p className="flex flex-wrap items-center gap-x-3 text-xs text-slate-500">
          <span>{item.author}</span>
          <time dateTime={item.date}>{date}</time>
          <span className="flex items-center gap-1" title="All-time views">
            <Eye size={12} aria-hidden />
            {formatCompact(item.views)}
          </span>
        </p>
        <Tags tags={item.tags} max={TAGS_SHOWN.grid} />
        <div className="mt-auto border-t border-slate-100 pt-2">
          <ItemActions item={item} allowed={allowed} />
        </div>
      </div>
    </article>
  );
}
