// The editor's validation: the server's own schema through zodResolver, so the editor and the
// route say the same words. Loaded on demand (see loadResolver in split-editor.tsx): zod and
// the schema are about 30 kB of gzip that nothing needs before the admin edits a field.
import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import { type Allocation, allocationSchema } from "@/lib/splits/schema";
import type { EditorValues } from "./editor-model";

export const allocationResolver: Resolver<EditorValues, unknown, Allocation> = zodResolver(allocationSchema);
