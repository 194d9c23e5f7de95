const shape =
  "inline-flex items-center gap-1.5 rounded-lg border px-3 py-1.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50";
export const buttonClass = `${shape} border-slate-200 bg-white hover:bg-slate-50`;
export const primaryClass = `${shape} border-indigo-600 bg-indigo-600 text-white hover:bg-indigo-700`;
