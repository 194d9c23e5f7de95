import { currentWorkspaceId } from "./workspace-scope.server";

/** The current workspace's row of a table with one row per workspace (Settings and its kin, decision 073). */
export const thisWorkspace = () => ({ workspaceId: currentWorkspaceId() });

/** A brand tone's or an integration's key in the current workspace. */
export const idInWorkspace = (id: string) => ({ workspaceId_id: { workspaceId: currentWorkspaceId(), id } });

/** A network app's key in the current workspace. */
export const networkInWorkspace = (network: string) => ({
  workspaceId_network: { workspaceId: currentWorkspaceId(), network },
});
