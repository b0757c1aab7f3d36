// zod shapes of the service's answers (docs/service.md: "Tokens", "Account details and integration status").
import "server-only";
import { z } from "zod";

/** The initial grant sends some numbers as numeric strings ("2508735"). */
const numberish = z.union([
  z.number().finite(),
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, "must be a number")
    .transform(Number),
]);

export const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().refine((t) => t.toLowerCase() === "bearer", "must be bearer"),
  expires_in: numberish.optional(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
  created_at: numberish.optional(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const oauthErrorSchema = z.object({
  error: z.string().min(1),
  error_description: z.string().optional(),
});

export const apiErrorSchema = z.object({
  valid: z.literal(false).optional(),
  errors: z.array(z.string()).optional(),
});

export const accountDetailsSchema = z.object({
  organization: z.looseObject({
    id: z.union([z.number().int(), z.string().min(1)]).transform(String),
    name: z.string().optional(),
  }),
});
export type AccountDetails = z.infer<typeof accountDetailsSchema>;

export const integrationStatusAnswerSchema = z.unknown();
