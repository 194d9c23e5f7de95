import { useEffect, useState } from "react";

/** False on the server and until hydration: controls that need scripts render only once they run. */
export function useScripted(): boolean {
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  return scripted;
}
