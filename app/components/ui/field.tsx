/** Joins the ids of hints and errors for aria-describedby; undefined when none. */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(" ") || undefined;
}

export const errorId = (field: string) => `${field}-error`;

export function FieldError({ field, message }: { field: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={errorId(field)} className="mt-1.5 text-sm font-medium text-rose-600">
      {message}
    </p>
  );
}

export const inputClass =
  "mt-2 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-indigo-500 aria-[invalid=true]:border-rose-500";

/** A labelled input with an optional hint and its error beside it. */
export function TextField({
  name,
  label,
  error,
  hint,
  className = "",
  ...input
}: React.InputHTMLAttributes<HTMLInputElement> & {
  name: string;
  label: string;
  error?: string;
  hint?: string;
}) {
  const id = input.id ?? name;
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, error && errorId(id))}
        className={inputClass}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldError field={id} message={error} />
    </div>
  );
}
