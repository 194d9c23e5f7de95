import { useEffect, useRef, useState } from "react";

/**
 * Width of the referenced element, tracked with a ResizeObserver on the client.
 * Server render and first client render use `fallback`, so the markup hydrates cleanly.
 */
export function useElementWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const measure = () => setWidth((w) => Math.round(el.clientWidth) || w);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
