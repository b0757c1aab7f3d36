import { notFound } from "next/navigation";
import { TemplateForm } from "@/components/templates/template-form";
import { AppError } from "@/lib/app-error";
import { requireConnection } from "@/lib/auth/session";
import { getTemplate, type TemplateView } from "@/lib/templates/store";
import { knownNames } from "@/lib/transactions/read";

export const metadata = { title: "Template" };
export const dynamic = "force-dynamic";

export default async function TemplatePage({ params }: { params: Promise<{ id: string }> }) {
  const connection = await requireConnection();
  const { id } = await params;
  let template: TemplateView;
  try {
    template = await getTemplate(connection.id, id);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
  const names = await knownNames(connection.id);
  const { id: templateId, updatedAt, ...initial } = template;
  void updatedAt;
  return (
    <>
      <h1>{template.name}</h1>
      <TemplateForm
        id={templateId}
        initial={initial}
        names={{ campaigns: names.campaigns.map((c) => c.name), funds: names.funds.map((f) => f.name) }}
      />
    </>
  );
}
