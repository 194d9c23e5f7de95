import { useLocation, useNavigate, useSubmit } from "@remix-run/react";
import { Search } from "lucide-react";
import { forwardRef, useEffect, useId, useImperativeHandle, useMemo, useState } from "react";
import { useContentSearch } from "~/components/content/use-content-search";
import { useNewBlogPost } from "~/components/content/new-blog-post";
import { NAV } from "~/components/shell/nav";
import { ModalDialog, useModalDialog } from "~/components/ui/modal-dialog";
import { paletteCommands, paletteSections, stepActive, type PaletteAccess, type PaletteOption } from "~/domain/command-palette";
import { SEARCH_TERM_MAX } from "~/domain/content-search";
import { PaletteOptionRow } from "./palette-option-row";

export interface CommandPaletteHandle {
  open: (initialQuery?: string) => void;
  toggle: () => void;
}

/** ⌘K: search content by title or tag and run quick actions, all from the keyboard. */
export const CommandPalette = forwardRef<CommandPaletteHandle, { can: PaletteAccess }>(function CommandPalette({ can }, ref) {
  const dialog = useModalDialog();
  const [query, setQuery] = useState("");
  // The active option is remembered by id, so matches arriving later do not move it.
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const search = useContentSearch(query);
  const newPost = useNewBlogPost();
  const navigate = useNavigate();
  const submit = useSubmit();
  const location = useLocation();
  const ids = useId();

  const { close } = dialog;
  useImperativeHandle(ref, () => {
    const open = (initialQuery = "") => {
      setQuery(initialQuery.slice(0, SEARCH_TERM_MAX));
      setActiveKey(null);
      dialog.open();
    };
    return { open, toggle: () => (dialog.ref.current?.open ? close() : open()) };
  });

  // Arriving on another page (a jump, or the new draft's editor) ends the palette's job.
  useEffect(() => {
    close({ returnFocus: false });
  }, [location.key, close]);

  const commands = useMemo(() => paletteCommands(NAV, can), [can]);
  const sections = paletteSections(query, search.shown, commands);
  const options = sections.flatMap((s) => s.options);
  const current = Math.max(
    0,
    options.findIndex((o) => o.id === activeKey),
  );
  const optionId = (option: PaletteOption) => `${ids}-option-${option.id}`;
  const activeId = options[current] ? optionId(options[current]) : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: "nearest" });
  }, [activeId]);

  function go(to: string) {
    close({ returnFocus: false });
    navigate(to);
  }

  function run(option: PaletteOption | undefined) {
    if (!option) return;
    if (option.kind === "library") return go(`/library?${new URLSearchParams({ q: option.term })}`);
    if (option.kind === "content") return go(`/editor?${new URLSearchParams({ id: option.item.id })}`);
    const { command } = option;
    if (command.kind === "go") return go(command.to);
    if (command.kind === "new-blog-post") {
      if (!newPost.busy) newPost.create(); // the palette stays open, saying so, until the editor opens
      return;
    }
    close({ returnFocus: false });
    submit(null, { method: "post", action: "/logout" });
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (e.nativeEvent.isComposing) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      setActiveKey(options[stepActive(current, e.key === "ArrowDown" ? 1 : -1, options.length)]?.id ?? null);
    } else if (e.key === "Enter") {
      e.preventDefault();
      run(options[current]);
    }
  }

  const noMatches = search.settled && search.matches.length === 0 && !search.error;
  return (
    <ModalDialog control={dialog} labelledBy={`${ids}-title`} className="max-w-xl">
      <h2 id={`${ids}-title`} className="sr-only">
        Command palette
      </h2>
      <div className="flex items-center gap-3 border-b border-slate-200 px-4">
        <Search size={18} aria-hidden className="shrink-0 text-slate-400" />
        <input
          role="combobox"
          data-autofocus
          aria-label="Search content or run a quick action"
          aria-expanded="true"
          aria-controls={`${ids}-listbox`}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          aria-busy={search.searching}
          value={query}
          maxLength={SEARCH_TERM_MAX}
          onChange={(e) => {
            setQuery(e.target.value);
            setActiveKey(null);
          }}
          onKeyDown={onKeyDown}
          placeholder="Search content or type a command…"
          autoComplete="off"
          spellCheck={false}
          className="h-14 w-full bg-transparent text-base text-slate-900 placeholder:text-slate-400 focus:outline-none focus-visible:ring-0 focus-visible:ring-offset-0"
        />
        <kbd className="shrink-0 rounded border border-slate-200 px-1.5 py-0.5 text-xs text-slate-500">Esc</kbd>
      </div>
      <div role="status" className={noMatches || search.error || newPost.error ? "border-b border-slate-100 px-4 py-3 text-sm" : "sr-only"}>
        {newPost.error ? (
          <span className="text-rose-600">{newPost.error}</span>
        ) : search.error ? (
          <span className="text-rose-600">{search.error}</span>
        ) : noMatches ? (
          <span className="text-slate-600">No content matches “{search.term}”.</span>
        ) : newPost.busy ? (
          "Creating your draft…"
        ) : search.settled ? (
          `${search.matches.length} ${search.matches.length === 1 ? "item matches" : "items match"}.`
        ) : null}
      </div>
      <div className="max-h-[min(26rem,60vh)] overflow-y-auto p-2">
        <div id={`${ids}-listbox`} role="listbox" aria-label="Content and quick actions">
          {sections.map((section) => (
            <div key={section.id} role="group" aria-labelledby={`${ids}-${section.id}`} className="py-1">
              <div
                id={`${ids}-${section.id}`}
                role="presentation"
                className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500"
              >
                {section.label}
              </div>
              {section.options.map((option) => {
                const index = options.indexOf(option);
                return (
                  <PaletteOptionRow
                    key={option.id}
                    id={optionId(option)}
                    option={option}
                    active={index === current}
                    busy={option.id === "new-blog-post" && newPost.busy}
                    onPoint={() => setActiveKey(option.id)}
                    onChoose={() => run(option)}
                  />
                );
              })}
            </div>
          ))}
        </div>
      </div>
      <p className="flex gap-4 border-t border-slate-100 bg-slate-50 px-4 py-2 text-xs text-slate-500" aria-hidden>
        <span>↑↓ to move</span>
        <span>↵ to run</span>
        <span>Esc to close</span>
      </p>
    </ModalDialog>
  );
});
