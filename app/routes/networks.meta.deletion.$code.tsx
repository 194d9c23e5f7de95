// /networks/meta/deletion/<code>: the status page Meta links a person to after a data deletion
// request (issue 36). No sign-in and no script: one line, "Deletion <code>: done on <date>".
import type { LoaderFunctionArgs } from "@remix-run/node";
import { deletionStatus } from "~/services/meta-callbacks.server";

const page = (title: string, line: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<meta name="robots" content="noindex"><title>${title}</title></head><body><main><p>${line}</p></main></body></html>`;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function loader({ params }: LoaderFunctionArgs) {
  const done = await deletionStatus(params.code ?? "");
  const headers = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" };
  if (!done) return new Response(page("Not found", "No deletion has that code."), { status: 404, headers });
  const line = `Deletion ${escape(done.code)}: done on ${done.doneAt.toISOString().slice(0, 10)}`;
  return new Response(page("Data deletion", line), { status: 200, headers });
}
