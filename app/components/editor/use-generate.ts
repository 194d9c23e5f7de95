import { useCallback, useRef, useState } from "react";
import type { GenerateEvent, GeneratePurpose } from "~/domain/assistant/stream-events";
import type { AssistantAnswer } from "~/domain/assistant/types";
import type { ProposalDetails } from "~/domain/assistant/stream-events";

/** A proposal from the assistant: streaming, ready to accept or discard, or failed (the text is untouched). */
export type Proposal =
  | { state: "streaming"; purpose: GeneratePurpose; before: string; text: string }
  | ({ state: "ready"; purpose: GeneratePurpose; before: string; answer: AssistantAnswer } & ProposalDetails)
  | { state: "failed"; purpose: GeneratePurpose; error: string };

async function* events(response: Response): AsyncGenerator<GenerateEvent> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    const lines = buffer.split("\n");
    buffer = lines.pop() ?? "";
    for (const line of lines) if (line.trim()) yield JSON.parse(line) as GenerateEvent;
  }
}

/** Asks /assistant/generate for an enhanced text or a draft and follows its stream. */
export function useGenerate(itemId: string) {
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const abort = useRef<AbortController | null>(null);

  const start = useCallback(
    async (purpose: GeneratePurpose, before: string, brief = "") => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setProposal({ state: "streaming", purpose, before, text: "" });
      const fail = (error: string) => setProposal({ state: "failed", purpose, error });
      try {
        const response = await fetch("/assistant/generate", {
          method: "POST",
          body: new URLSearchParams({ id: itemId, purpose, text: before, brief }),
          signal: controller.signal,
        });
        if (!response.headers.get("Content-Type")?.includes("ndjson")) {
          const reply = (await response.json().catch(() => null)) as { formError?: string | null } | null;
          return fail(reply?.formError ?? "The assistant could not answer. Your text is unchanged.");
        }
        for await (const event of events(response)) {
          if (event.type === "delta") setProposal((p) => (p?.state === "streaming" ? { ...p, text: p.text + event.text } : p));
          else if (event.type === "restart") setProposal((p) => (p?.state === "streaming" ? { ...p, text: "" } : p));
          else if (event.type === "done") {
            const { type: _type, ...details } = event;
            setProposal({ state: "ready", purpose, before, ...details });
          } else fail(event.error);
        }
      } catch {
        if (!controller.signal.aborted) fail("The connection to the studio dropped. Your text is unchanged; try again.");
      }
    },
    [itemId],
  );

  const discard = useCallback(() => {
    abort.current?.abort();
    setProposal(null);
  }, []);

  return { proposal, start, discard };
}
