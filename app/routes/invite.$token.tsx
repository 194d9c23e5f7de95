import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, isRouteErrorResponse, Link, useActionData, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { AuthCard, FormAlert, primaryButton } from "~/components/auth/auth-card";
import { TextField } from "~/components/ui/field";
import { AcceptInvitationSchema, PASSWORD_MIN, fieldErrors } from "~/domain/auth-forms";
import { acceptInvitation, findInvitation } from "~/models/invitation.server";
import { hashPassword } from "~/crypto/password.server";
import { routeAction, type ActionInput } from "~/web/action.server";
import { fail } from "~/web/reply.server";
import { signIn } from "~/web/session.server";

export const meta = () => [{ title: "Join the team · Content Studio" }];

const GONE =
  "This invitation link is not valid any more. It may have been used already, replaced by a newer link, or expired. Ask an Admin for a new one.";

export async function loader({ params }: LoaderFunctionArgs) {
  const invited = await findInvitation(params.token ?? "");
  if (!invited) throw fail("not-found", GONE);
  return { email: invited.email, role: invited.role };
}

// A function, not `const action = routeAction(…)`: the browser build keeps top-level calls.
export function action(args: ActionFunctionArgs) {
  return routeAction({ caller: invitation, handler: accept })(args);
}

/** The invitation's token is the credential: one not (or no longer) valid is refused before the form is read. */
async function invitation({ params }: ActionFunctionArgs) {
  const token = params.token ?? "";
  return (await findInvitation(token)) ? token : fail("not-found", GONE, {}, { name: "" });
}

async function accept({ user: token, fields, request, context }: ActionInput<string>) {
  const parsed = AcceptInvitationSchema.safeParse(fields);
  const name = fields.name ?? "";
  if (!parsed.success) return fail("invalid", null, fieldErrors(parsed.error), { name });
  const userId = await acceptInvitation(token, { name: parsed.data.name, passwordHash: await hashPassword(parsed.data.password) });
  if (!userId) return fail("not-found", GONE, {}, { name });
  return signIn(userId, request, context, "/");
}

export default function AcceptInvitation() {
  const { email, role } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <AuthCard title="Join the team" subtitle={`You were invited as ${role}. Choose your name and a password to finish.`}>
      <FormAlert message={reply?.formError} />
      <Form method="post" className="space-y-4" noValidate>
        <TextField name="email" label="Email" value={email} readOnly disabled />
        <TextField
          name="name"
          label="Your name"
          autoComplete="name"
          autoFocus
          defaultValue={reply && "name" in reply ? reply.name : undefined}
          error={reply?.fieldErrors.name}
        />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters.`}
          error={reply?.fieldErrors.password}
        />
        <TextField name="confirm" label="Confirm password" type="password" autoComplete="new-password" error={reply?.fieldErrors.confirm} />
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? "Joining…" : "Join and sign in"}
        </button>
      </Form>
    </AuthCard>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const message =
    isRouteErrorResponse(error) && typeof error.data?.formError === "string"
      ? error.data.formError
      : "Something went wrong. Please try again.";
  return (
    <AuthCard title="Invitation unavailable" subtitle="">
      <p role="alert" className="text-sm text-slate-700">
        {message}
      </p>
      <Link to="/login" className="mt-6 inline-block text-sm font-medium text-indigo-700 hover:underline">
        Go to sign-in
      </Link>
    </AuthCard>
  );
}
