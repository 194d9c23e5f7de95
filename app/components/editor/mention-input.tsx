import { useId, useRef, useState } from "react";
import { insertMention, matchMembers, mentionQuery, type Mentionable } from "~/domain/mentions";

interface Props extends Omit<React.InputHTMLAttributes<HTMLInputElement>, "value" | "onChange"> {
  members: Mentionable[];
  /** Set to clear the field from outside (after a successful post). */
  value: string;
  onValueChange: (value: string) => void;
}

/**
 * A text field that offers members as you type "@": arrows move, Enter or Tab picks, Esc closes.
 * Without JavaScript it is a plain input; "@Name" typed by hand still notifies.
 */
export function MentionInput({ members, value, onValueChange, className, ...input }: Props) {
  const listId = useId();
  const ref = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const options = query ? matchMembers(query.query, members) : [];
  const open = options.length > 0;

  const read = (el: HTMLInputElement) => {
    setQuery(mentionQuery(el.value, el.selectionStart ?? el.value.length));
    setActive(0);
  };
  const pick = (member: Mentionable) => {
    const el = ref.current;
    if (!el || !query) return;
    const next = insertMention(value, query.start, el.selectionStart ?? value.length, member);
    onValueChange(next.text);
    setQuery(null);
    requestAnimationFrame(() => el.setSelectionRange(next.caret, next.caret));
  };

  return (
    <div className="relative">
      <input
        {...input}
        ref={ref}
        value={value}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        autoComplete="off"
        className={className}
        onChange={(e) => {
          onValueChange(e.target.value);
          read(e.target);
        }}
        onKeyDown={(e) => {
          if (!open) return;
          if (e.key === "ArrowDown" || e.key === "ArrowUp") {
            e.preventDefault();
            setActive((i) => (i + (e.key === "ArrowDown" ? 1 : options.length - 1)) % options.length);
          } else if (e.key === "Enter" || e.key === "Tab") {
            e.preventDefault();
            pick(options[active]);
          } else if (e.key === "Escape") {
            e.preventDefault();
            setQuery(null);
          }
        }}
        onBlur={() => setQuery(null)}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Members to mention"
        hidden={!open}
        className="absolute bottom-full left-0 z-20 mb-1 w-full rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg"
      >
        {options.map((m, i) => (
          <li
            key={m.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={`cursor-pointer px-3 py-2 ${i === active ? "bg-indigo-50 text-indigo-900" : ""}`}
            onMouseDown={(e) => {
              e.preventDefault();
              pick(m);
            }}
          >
            {m.name}
          </li>
        ))}
      </ul>
    </div>
  );
}
