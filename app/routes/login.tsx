import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { LogIn } from "lucide-react";
import { AuthCard, FormAlert, primaryButton } from "~/components/auth/auth-card";
import { TextField } from "~/components/ui/field";
import { SignInSchema, fieldErrors } from "~/domain/auth-forms";
import { safeRedirect } from "~/domain/safe-redirect";
import { throttleMessage } from "~/domain/throttle";
import { attemptSignIn } from "~/models/sign-in.server";
import { anyone, routeAction, type ActionInput } from "~/web/action.server";
import { fail } from "~/web/reply.server";
import { cookieWillBeDropped, getSessionUser, signIn } from "~/web/session.server";

export const meta = () => [{ title: "Sign in · Content Studio" }];

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getSessionUser(request)) throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo")));
  return { cookieDropped: cookieWillBeDropped(request) };
}

// A function, not `const action = routeAction(…)`: the browser build keeps top-level calls.
export function action(args: ActionFunctionArgs) {
  return routeAction({ caller: anyone, handler: signInWith })(args);
}

/** Signing in has no member yet: one form, the same reply. The email is sent back to refill the field. */
async function signInWith({ fields, request, context }: ActionInput<null>) {
  const email = fields.email ?? "";
  const parsed = SignInSchema.safeParse(fields);
  if (!parsed.success) return fail("invalid", null, fieldErrors(parsed.error), { email });
  const outcome = await attemptSignIn(parsed.data.email, parsed.data.password, context?.clientIp ?? "");
  if (outcome.kind === "throttled")
    return fail("throttled", throttleMessage(outcome.verdict), {}, { email }, { "Retry-After": String(outcome.verdict.retryAfterSec) });
  if (outcome.kind === "wrong") return fail("unauthenticated", "That email and password do not match an active account.", {}, { email });
  return signIn(outcome.userId, request, context, safeRedirect(fields.redirectTo));
}

export default function Login() {
  const { cookieDropped } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  return (
    <AuthCard title="Sign in" subtitle="Welcome back. Sign in with your work email.">
      <FormAlert
        message={
          cookieDropped
            ? "This studio is served over plain HTTP, so browsers will refuse its secure sign-in cookie. Serve it over HTTPS, or set COOKIE_SECURE=false on a private network."
            : null
        }
      />
      <FormAlert message={reply?.formError} />
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? "/"} />
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          defaultValue={reply && "email" in reply ? reply.email : undefined}
          error={reply?.fieldErrors.email}
          autoFocus
        />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          error={reply?.fieldErrors.password}
        />
        <button type="submit" className={primaryButton} disabled={busy}>
          <LogIn size={16} aria-hidden /> {busy ? "Signing in…" : "Sign in"}
        </button>
      </Form>
    </AuthCard>
  );
}
