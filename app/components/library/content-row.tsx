import { StatusBadge, TypeBadge } from "~/components/ui/badges";
import type { ItemPermissions } from "~/domain/library-actions";
import { TAGS_SHOWN } from "~/domain/library-query";
import { formatCompact } from "~/domain/format";
import type { ContentCard } from "~/domain/content";
import { Tags } from "./content-card";
import type { TextPart } from "~/domain/body-search";
import { BodyExcerpt, Highlight } from "./highlight";
import { ItemActions } from "./item-actions";
import { useLibraryActions } from "./library-actions";

export function ContentTable({
  items,
  dates,
  allowed,
  term = "",
  excerpts = {},
}: {
  items: ContentCard[];
  dates: Record<string, string>;
  allowed: Record<string, ItemPermissions>;
  term?: string;
  excerpts?: Record<string, TextPart[]>;
}) {
  const { pendingId } = useLibraryActions();
  return (
    // relative: the sr-only header is absolutely positioned and would otherwise widen the whole page.
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="py-3 pl-4 pr-3">
              Content
            </th>
            <th scope="col" className="px-3 py-3">
              Type
            </th>
            <th scope="col" className="px-3 py-3">
              Status
            </th>
            <th scope="col" className="px-3 py-3">
              Author
            </th>
            <th scope="col" className="px-3 py-3">
              Date
            </th>
            <th scope="col" className="px-3 py-3 text-right">
              Views
            </th>
            <th scope="col" className="sticky right-0 bg-slate-50 px-3 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((item) => (
            <tr
              key={item.id}
              data-testid="content-row"
              aria-busy={pendingId === item.id}
              className={pendingId === item.id ? "opacity-60" : ""}
            >
              <td className="max-w-xs py-3 pl-4 pr-3 2xl:max-w-md">
                <div className="flex items-center gap-3">
                  <img
                    src={`/thumbnails/${item.id}`}
                    alt=""
                    width={64}
                    height={32}
                    loading="lazy"
                    className="h-8 w-16 shrink-0 rounded object-cover"
                  />
                  <div className="min-w-0">
                    <p className="truncate font-medium" title={item.title}>
                      <Highlight text={item.title} term={term} />
                    </p>
                    {excerpts[item.id] ? (
                      <BodyExcerpt parts={excerpts[item.id]} />
                    ) : item.excerpt ? (
                      <p className="truncate text-xs text-slate-500">{item.excerpt}</p>
                    ) : null}
                    <div className="mt-1">
                      <Tags tags={item.tags} max={TAGS_SHOWN.list} />
                    </div>
                  </div>
                </div>
              </td>
              <td className="px-3 py-3">
                <TypeBadge type={item.type} />
              </td>
              <td className="whitespace-nowrap px-3 py-3">
                <StatusBadge status={item.status} />
                {item.chain ? (
                  <span className="mt-1 block max-w-48 whitespace-normal text-xs text-slate-600" data-testid="chain-standing">
                    {item.chain}
                  </span>
                ) : null}
              </td>
              <td className="whitespace-nowrap px-3 py-3 text-slate-600">{item.author}</td>
              <td className="whitespace-nowrap px-3 py-3 text-slate-600">
                <time dateTime={item.date}>{dates[item.id]}</time>
              </td>
              <td className="px-3 py-3 text-right tabular-nums">{formatCompact(item.views)}</td>
              {/* Sticky, so the actions stay in reach when a narrow window scrolls the table sideways. */}
              <td className="sticky right-0 bg-white px-3 py-3">
                <ItemActions item={item} allowed={allowed[item.id]} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
