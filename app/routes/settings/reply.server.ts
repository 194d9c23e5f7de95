import type { ActionInput } from "~/web/action.server";
import type { done, failed } from "~/web/reply.server";

/** Every Settings handler answers with the intent-named replies, so the page knows each reply's shape. */
export type SettingsHandler = (
  input: ActionInput,
) => Promise<ReturnType<typeof done<{ link?: string; target?: string }>> | ReturnType<typeof failed>>;
