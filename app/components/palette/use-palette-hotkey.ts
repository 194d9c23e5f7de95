import { useEffect } from "react";

/**
 * ⌘K on a Mac, Ctrl+K elsewhere, from anywhere on the page (the browser's own Ctrl+K is overridden),
 * unless something on the page already used the key: in the rich editor it makes a link.
 */
export function usePaletteHotkey(onPress: () => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !(e.metaKey || e.ctrlKey) || e.altKey || e.shiftKey || e.key.toLowerCase() !== "k") return;
      e.preventDefault();
      onPress();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onPress]);
}
