import { z } from "zod";
import { availableTransitions } from "./lifecycle";
import { can, canEditContent } from "./permissions";

export const LIBRARY_INTENTS = ["duplicate", "archive", "restore", "delete"] as const;
export type LibraryIntent = (typeof LIBRARY_INTENTS)[number];

export const unknownLibraryAction = () => `Unknown action: use one of ${LIBRARY_INTENTS.join(", ")}.`;

/** Every library intent names one item. */
export const LibraryItemSchema = z.object({
  id: z
    .string({ required_error: "Say which content item." })
    .trim()
    .min(1, "Say which content item.")
    .max(100, "That is not a content item id."),
});

/** What a member may do to one item from the library, for showing only the controls that work. */
export interface ItemPermissions {
  edit: boolean;
  duplicate: boolean;
  archive: boolean;
  restore: boolean;
  delete: boolean;
}

export function itemPermissions(user: { id: string; role: string }, item: { authorId: string; status: string }): ItemPermissions {
  const moves = availableTransitions(user, item);
  return {
    edit: canEditContent(user, item),
    duplicate: can(user.role, "content.create"),
    archive: moves.includes("archive"),
    restore: moves.includes("restore"),
    delete: can(user.role, "content.delete"),
  };
}

/** What the member sees once an action is done. */
export function actionDoneMessage(intent: Exclude<LibraryIntent, "duplicate">, title: string): string {
  const done = { archive: "archived", restore: "restored as a draft", delete: "deleted" }[intent];
  return `“${title}” ${done}.`;
}
