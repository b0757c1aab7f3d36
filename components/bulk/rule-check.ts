// The rule form's check: the rule's schema (zod, ~31 kB of gzip with the resolver) through
// react-hook-form's zod resolver. Loaded by rule-form.tsx when the admin first reaches for the
// form, not with the page; the same schema checks the rule again on the server.
import { zodResolver } from "@hookform/resolvers/zod";
import { ruleSchema } from "@/lib/bulk/rule";

export const ruleResolver = zodResolver(ruleSchema);
