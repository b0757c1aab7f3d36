import { TemplateForm, EMPTY_TEMPLATE } from "@/components/templates/template-form";
import { requireConnection } from "@/lib/auth/session";
import { knownNames } from "@/lib/transactions/read";

export const metadata = { title: "New template" };
export const dynamic = "force-dynamic";

export default async function NewTemplatePage() {
  const connection = await requireConnection();
  const names = await knownNames(connection.id);
  return (
    <>
      <h1>New template</h1>
      <TemplateForm
        initial={EMPTY_TEMPLATE}
        names={{ campaigns: names.campaigns.map((c) => c.name), funds: names.funds.map((f) => f.name) }}
      />
    </>
  );
}
