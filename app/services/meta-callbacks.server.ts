// Meta's Deauthorize and Data deletion callbacks (issue 36): a person removed the studio in Facebook,
// or asked for their data to be deleted. The signed_request is checked with the saved Meta app's
// secret before anything changes; then the person's Facebook and Instagram connections need
// reconnecting, exactly as a revoked token does (needsReconnect: reason, held posts, Admins told).
import { appNetworkOf } from "~/adapters/networks/endpoints.server";
import { metaDeletionStatusPath, verifiedSignedRequest } from "~/adapters/networks/meta-person.server";
import { recordAudit } from "~/models/audit.server";
import { dataDeletionByCode, recordDataDeletion } from "~/models/data-deletion.server";
import { connectionsOfNetworkUser, forgetConnectionSecrets } from "~/models/integration.server";
import { forgetAccountChoicesOf, networkAppCredentials } from "~/models/network-app.server";
import { studioOrigin } from "~/web/public-url.server";
import { needsReconnect } from "./network-connect.server";

/** The connections that go through the one Meta app, saved as Facebook's. */
const META_NETWORKS = ["facebook", "instagram"] as const;
export const DEAUTHORIZED_REASON = "removed the studio in Facebook";

type Refusal = { ok: false; status: 400 | 404; error: string };

/** The person Meta names, if the request is Meta's for the saved app. */
async function personOf(signedRequest: string | null): Promise<{ ok: true; userId: string } | Refusal> {
  const app = await networkAppCredentials(appNetworkOf("facebook"));
  if (!app) return { ok: false, status: 404, error: "No Meta app is saved in this studio." };
  const verified = signedRequest ? verifiedSignedRequest(signedRequest, app.clientSecret) : null;
  if (!verified) return { ok: false, status: 400, error: "The signed_request is missing or not signed by the Meta app." };
  return { ok: true, userId: verified.userId };
}

/** Marks the person's connections "Needs reconnecting"; answers their ids. */
async function holdConnectionsOf(userId: string): Promise<string[]> {
  const ids = await connectionsOfNetworkUser([...META_NETWORKS], userId);
  for (const id of ids) await needsReconnect(id as (typeof META_NETWORKS)[number], DEAUTHORIZED_REASON);
  return ids;
}

/** The person removed the studio: their connections need reconnecting and the Admins are told. */
export async function deauthorizeMeta(signedRequest: string | null): Promise<{ ok: true; connections: number } | Refusal> {
  const person = await personOf(signedRequest);
  if (!person.ok) return person;
  return { ok: true, connections: (await holdConnectionsOf(person.userId)).length };
}

/**
 * The person asked for their data to be deleted: as deauthorize, then their connections' tokens and
 * account details (and any account choice offered to them) go. Members' posts and content stay.
 * Answers what Meta expects: the status page's address and the confirmation code.
 */
export async function deleteMetaData(
  signedRequest: string | null,
  now = new Date(),
): Promise<{ ok: true; url: string; confirmationCode: string } | Refusal> {
  const person = await personOf(signedRequest);
  if (!person.ok) return person;
  const ids = await holdConnectionsOf(person.userId);
  for (const id of ids) await forgetConnectionSecrets(id);
  const choices = await forgetAccountChoicesOf([...META_NETWORKS], person.userId);
  const code = await recordDataDeletion(now);
  await recordAudit(
    {
      actor: { kind: "external", id: null, name: "Meta (data deletion request)" },
      action: "connection.data-deleted",
      object: { type: "data-deletion", id: code, title: `Deletion ${code}` },
      after: { connections: ids, choices },
    },
    undefined,
    now,
  );
  return { ok: true, url: `${studioOrigin()}${metaDeletionStatusPath(code)}`, confirmationCode: code };
}

export async function deletionStatus(code: string) {
  return code ? dataDeletionByCode(code) : null;
}
