import { useEffect, useState } from "react";

const HEARTBEAT_EVERY_MS = 5_000; // app/models/presence.server.ts HEARTBEAT_EVERY_MS

/**
 * Tells the server this editor is open (a beat every few seconds) and closed (pagehide, as a beacon
 * that survives the page going away). Returns who is editing now, fresher than the page's data.
 */
export function usePresence(contentId: string): Set<string> | null {
  const [editing, setEditing] = useState<Set<string> | null>(null);
  useEffect(() => {
    const form = (intent: string) => {
      const data = new FormData();
      data.set("intent", intent);
      data.set("contentId", contentId);
      return data;
    };
    const beat = async () => {
      if (document.visibilityState !== "visible") return;
      try {
        const response = await fetch("/presence", { method: "POST", body: form("beat") });
        const reply = (await response.json()) as { ok: boolean; editing?: string[] };
        if (reply.ok && reply.editing) setEditing(new Set(reply.editing));
      } catch {
        // Offline: the next beat tries again; the server forgets us after the window.
      }
    };
    const leave = () => navigator.sendBeacon("/presence", form("leave"));
    const timer = setInterval(beat, HEARTBEAT_EVERY_MS);
    window.addEventListener("pagehide", leave);
    return () => {
      clearInterval(timer);
      window.removeEventListener("pagehide", leave);
      leave(); // moving to another item in the app is leaving this one
    };
  }, [contentId]);
  return editing;
}
