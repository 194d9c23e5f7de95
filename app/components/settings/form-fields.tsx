import { useState } from "react";
import { describedBy, errorId, FieldError, inputClass } from "~/components/ui/field";

/** A form checkbox drawn as a switch; absent from the submitted form when off. */
export function SwitchField({
  name,
  label,
  hint,
  defaultChecked,
  form,
  value,
}: {
  name: string;
  label: string;
  hint: string;
  defaultChecked: boolean;
  /** The id of the form it belongs to, when rendered outside it. */
  form?: string;
  value?: string;
}) {
  const [on, setOn] = useState(defaultChecked);
  const id = `switch-${name}${value ? `-${value}` : ""}`;
  return (
    <div className="flex items-center justify-between gap-6 py-3">
      <div>
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-500">
          {hint}
        </p>
      </div>
      <span className="relative inline-flex shrink-0">
        <input
          id={id}
          type="checkbox"
          role="switch"
          name={name}
          value={value}
          form={form}
          checked={on}
          aria-checked={on}
          aria-describedby={`${id}-hint`}
          onChange={(e) => setOn(e.target.checked)}
          className="peer h-6 w-11 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors checked:bg-indigo-600 disabled:cursor-not-allowed disabled:opacity-50"
        />
        <span
          aria-hidden
          className="pointer-events-none absolute left-0.5 top-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
        />
      </span>
    </div>
  );
}

/** A labelled textarea with a hint, a length cap and its error beside it. */
export function TextAreaField({
  name,
  label,
  hint,
  rows,
  maxLength,
  defaultValue,
  error,
}: {
  name: string;
  label: string;
  hint: string;
  rows: number;
  maxLength: number;
  defaultValue: string;
  error?: string;
}) {
  return (
    <div>
      <label htmlFor={name} className="text-base font-semibold">
        {label}
      </label>
      <p id={`${name}-hint`} className="mt-1 text-sm text-slate-500">
        {hint}
      </p>
      <textarea
        id={name}
        name={name}
        rows={rows}
        maxLength={maxLength}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(`${name}-hint`, error && errorId(name))}
        className={inputClass}
      />
      <FieldError field={name} message={error} />
    </div>
  );
}
