import type { NativeNetwork } from "./endpoints.server";
import { linkedinAdapter } from "./linkedin.server";
import type { NetworkAdapter } from "./types";
import { xAdapter } from "./x.server";

export const ADAPTERS: Record<NativeNetwork, NetworkAdapter> = { twitter: xAdapter, linkedin: linkedinAdapter };
