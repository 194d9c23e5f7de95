import { Form, Link } from "@remix-run/react";
import { Archive, ArchiveRestore, Check, Copy, Eye, MoreHorizontal, Pencil, Share2, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { MenuButton, type MenuItem } from "~/components/ui/menu";
import type { ItemPermissions } from "~/domain/library-actions";
import { useLibraryActions } from "./library-actions";
import { IdempotencyKeyField } from "~/components/ui/idempotency-key";

const icon =
  "inline-flex rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-40 disabled:hover:bg-transparent";
const COPIED_MS = 2000;

export function ItemActions({ item, allowed }: { item: { id: string; title: string }; allowed: ItemPermissions }) {
  const { run, confirmDelete, notify } = useLibraryActions();
  const [copied, setCopied] = useState(false);
  // The scripted menu and Share need scripts; until they run (or without them) the <details> menu stands in.
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  const href = `/editor?id=${encodeURIComponent(item.id)}`;

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const share = async () => {
    const link = new URL(href, window.location.origin).href;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      notify(`Link to “${item.title}” copied.`);
    } catch {
      // No clipboard (plain HTTP off localhost, or permission refused): show the link to copy by hand.
      notify(`Could not copy automatically. The link is ${link}`, "error");
    }
  };

  const menu: MenuItem[] = [];
  if (allowed.duplicate) menu.push({ label: "Duplicate", icon: <Copy size={16} aria-hidden />, onSelect: () => run("duplicate", item) });
  if (allowed.archive) menu.push({ label: "Archive", icon: <Archive size={16} aria-hidden />, onSelect: () => run("archive", item) });
  if (allowed.restore)
    menu.push({ label: "Restore", icon: <ArchiveRestore size={16} aria-hidden />, onSelect: () => run("restore", item) });
  if (allowed.delete)
    menu.push({ label: "Delete…", tone: "danger", icon: <Trash2 size={16} aria-hidden />, onSelect: () => confirmDelete(item) });

  return (
    <div className="flex items-center gap-1">
      <Link to={href} className={icon} aria-label={`View ${item.title}`} title="View">
        <Eye size={16} aria-hidden />
      </Link>
      {allowed.edit ? (
        <Link to={href} className={icon} aria-label={`Edit ${item.title}`} title="Edit">
          <Pencil size={16} aria-hidden />
        </Link>
      ) : (
        // Disabled rather than absent, so the icons line up across rows and the reason is one hover away.
        <button
          type="button"
          disabled
          className={icon}
          aria-label={`Edit ${item.title}`}
          title="Only its author (while a draft), Editors and Admins can edit this"
        >
          <Pencil size={16} aria-hidden />
        </button>
      )}
      {scripted ? (
        <>
          <button
            type="button"
            className={icon}
            aria-label={`Share ${item.title}`}
            title={copied ? "Link copied" : "Copy link"}
            onClick={share}
          >
            {copied ? <Check size={16} aria-hidden className="text-emerald-600" /> : <Share2 size={16} aria-hidden />}
          </button>
          <MenuButton
            label={`More actions for ${item.title}`}
            icon={<MoreHorizontal size={16} aria-hidden />}
            items={menu}
            className={icon}
          />
        </>
      ) : (
        <PlainMenu item={item} allowed={allowed} />
      )}
    </div>
  );
}

const plainItem = "flex min-h-11 w-full items-center gap-2 px-4 text-left text-sm hover:bg-slate-50";

/** The "⋯" menu as <details> and plain form posts: it works before scripts run and without them. */
function PlainMenu({ item, allowed }: { item: { id: string; title: string }; allowed: ItemPermissions }) {
  const post = (intent: string, label: string, glyph: React.ReactNode) => (
    <Form method="post" action="/library" className="contents">
      <input type="hidden" name="id" value={item.id} />
      {intent === "duplicate" ? <IdempotencyKeyField /> : null}
      <button type="submit" name="intent" value={intent} className={plainItem}>
        {glyph} {label}
      </button>
    </Form>
  );
  if (!allowed.duplicate && !allowed.archive && !allowed.restore && !allowed.delete) return null;
  return (
    // In the flow, not floating: a floating panel would be clipped by the list view's scrolling table.
    <details>
      <summary
        className={`${icon} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
        aria-label={`More actions for ${item.title}`}
      >
        <MoreHorizontal size={16} aria-hidden />
      </summary>
      <div className="mt-1 w-52 rounded-xl border border-slate-200 bg-white py-1 shadow-lg">
        {allowed.duplicate ? post("duplicate", "Duplicate", <Copy size={16} aria-hidden />) : null}
        {allowed.archive ? post("archive", "Archive", <Archive size={16} aria-hidden />) : null}
        {allowed.restore ? post("restore", "Restore", <ArchiveRestore size={16} aria-hidden />) : null}
        {allowed.delete ? (
          <details>
            <summary className={`${plainItem} cursor-pointer list-none text-rose-700 [&::-webkit-details-marker]:hidden`}>
              <Trash2 size={16} aria-hidden /> Delete…
            </summary>
            <div className="border-t border-slate-100 px-4 py-2 text-sm">
              <p className="text-slate-600">Delete “{item.title}” for good?</p>
              <Form method="post" action="/library">
                <input type="hidden" name="id" value={item.id} />
                <button
                  type="submit"
                  name="intent"
                  value="delete"
                  className="mt-2 min-h-11 rounded-lg bg-rose-600 px-3 text-sm font-medium text-white hover:bg-rose-700"
                >
                  Yes, delete it
                </button>
              </Form>
            </div>
          </details>
        ) : null}
      </div>
    </details>
  );
}
