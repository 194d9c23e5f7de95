import { z } from "zod";

export const WORKSPACE_NAME_MAX = 80;

const nameSchema = z
  .string({ required_error: "Give the workspace a name." })
  .trim()
  .min(1, "Give the workspace a name.")
  .max(WORKSPACE_NAME_MAX, `Keep the name to ${WORKSPACE_NAME_MAX} characters or fewer.`);

/** The Owner's screen (/workspaces), one schema per intent. */
export const CreateWorkspaceSchema = z.object({ name: nameSchema });
export const RenameWorkspaceSchema = z.object({ workspaceId: z.string().default(""), name: nameSchema });
export const DeleteWorkspaceSchema = z.object({ workspaceId: z.string().default(""), confirm: z.string().default("") });

export const NAME_TAKEN = "Another workspace already has this name.";
export const CONFIRM_MISMATCH = "Type the workspace's name exactly as shown to delete it.";
export const LAST_WORKSPACE = "This is the studio's only workspace: it cannot be deleted. Create another first.";
export const NO_WORKSPACE = "That workspace does not exist.";
export const OWNER_ONLY = "Only the studio's Owner can manage workspaces.";
