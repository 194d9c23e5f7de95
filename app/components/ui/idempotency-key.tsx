import { useEffect, useId, useRef, useState } from "react";

// The hidden key a create form sends (decision 064): the same submit sent twice stores one row.
// Made in the server render and kept by the client as it hydrates (read back from the field the server
// rendered); a form the client renders itself makes its own. A new `renewOn` (the form's successful
// reply) gives a new key, so the next comment is a new comment.

const randomKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

function firstKey(id: string) {
  if (typeof document === "undefined") return randomKey();
  const rendered = document.querySelector<HTMLInputElement>(`input[data-key-for="${CSS.escape(id)}"]`);
  return rendered?.value || randomKey();
}

export function IdempotencyKeyField({ renewOn }: { renewOn?: unknown }) {
  const id = useId();
  const [key, setKey] = useState(() => firstKey(id));
  const seen = useRef(renewOn);
  useEffect(() => {
    if (renewOn === seen.current) return;
    seen.current = renewOn;
    if (renewOn) setKey(randomKey());
  }, [renewOn]);
  return <input type="hidden" name="idempotencyKey" value={key} data-key-for={id} />;
}
