/** Both versions side by side; the writer chooses, nothing is dropped silently. */
export function ConflictPanel({
  mine,
  theirs,
  onKeepMine,
  onUseTheirs,
}: {
  mine: string;
  theirs: string;
  onKeepMine: () => void;
  onUseTheirs: () => void;
}) {
  return (
    <section role="alertdialog" aria-labelledby="conflict-title" className="mb-4 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h2 id="conflict-title" className="font-semibold text-amber-900">
        Someone else saved this item while you were editing
      </h2>
      <p className="mt-1 text-sm text-amber-800">Your text is kept below. Choose which version to keep; you can copy from either first.</p>
      <div className="mt-3 grid gap-3 md:grid-cols-2">
        {[
          { label: "Your version", text: mine },
          { label: "Their version", text: theirs },
        ].map((v) => (
          <div key={v.label}>
            <p className="text-xs font-semibold uppercase text-amber-900">{v.label}</p>
            <textarea
              readOnly
              value={v.text}
              aria-label={v.label}
              className="mt-1 h-40 w-full rounded-lg border border-amber-200 bg-white p-2 text-sm"
            />
          </div>
        ))}
      </div>
      <div className="mt-3 flex gap-2">
        <button
          type="button"
          onClick={onKeepMine}
          className="rounded-lg bg-amber-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-amber-700"
        >
          Keep mine
        </button>
        <button
          type="button"
          onClick={onUseTheirs}
          className="rounded-lg border border-amber-400 px-3 py-1.5 text-sm font-medium text-amber-900 hover:bg-amber-100"
        >
          Use theirs
        </button>
      </div>
    </section>
  );
}
