// The templates' routes (app/api/templates, /:id, /pause) and their calls (lib/hooks/template-calls.ts).
import "@/lib/zod-csp";
import { z } from "zod";
import { templateSchema } from "@/lib/templates/schema";
import type { TemplateView } from "@/lib/templates/store";
import { contract } from "./contract";

/** GET /api/templates */
export const templatesList = contract<TemplateView[]>();

/** GET /api/templates/:id */
export const templateRead = contract<TemplateView>();

/** POST /api/templates (201) and PUT /api/templates/:id: the template as saved. */
export const templateSave = contract<TemplateView, typeof templateSchema>(templateSchema);

/** DELETE /api/templates/:id */
export const templateDelete = contract<{ ok: true }>();

export const pauseSchema = z.object({ paused: z.boolean({ error: "Say whether to pause: true or false." }) });

/** PUT /api/templates/pause: "Pause automatic sending" on or off, as now set. */
export const templatesPause = contract<{ paused: boolean }, typeof pauseSchema>(pauseSchema);
