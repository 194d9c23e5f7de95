import { z } from "zod";

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

export const emailSchema = z
  .string({ required_error: "Enter your email address." })
  .trim()
  .toLowerCase()
  .min(1, "Enter an email address.")
  .max(254, "That email address is too long.")
  .email("Enter a valid email address, like name@company.com.");

export const newPasswordSchema = z
  .string({ required_error: "Choose a password." })
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`);

export const SignInSchema = z.object({
  email: emailSchema,
  password: z
    .string({ required_error: "Enter your password." })
    .min(1, "Enter your password.")
    .max(PASSWORD_MAX, "That password is too long."),
});

/** Passwords twice, so a typo never locks anyone out. */
export function withConfirmation<T extends z.ZodRawShape>(shape: T) {
  return z
    .object({ ...shape, password: newPasswordSchema, confirm: z.string().default("") })
    .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "The passwords do not match." });
}

export const AcceptInvitationSchema = withConfirmation({
  name: z.string({ required_error: "Enter your name." }).trim().min(1, "Enter your name.").max(80, "Use at most 80 characters."),
});

export const ChangePasswordSchema = withConfirmation({
  current: z.string({ required_error: "Enter your current password." }).min(1, "Enter your current password."),
});

export { fieldErrors } from "./field-errors";
