import Link from "next/link";
import { DeleteTemplate } from "@/components/templates/delete-template";
import { PauseSwitch } from "@/components/templates/pause-switch";
import { ButtonLink } from "@/components/ui/button";
import { requireConnection } from "@/lib/auth/session";
import { formatCents } from "@/lib/splits/money";
import { describeLines } from "@/lib/templates/describe";
import { pauseOf } from "@/lib/templates/pause-view";
import { loadTemplates } from "@/lib/templates/store";
import { adminTimeZone } from "@/lib/time-zone";

export const metadata = { title: "Templates" };
export const dynamic = "force-dynamic";

export default async function TemplatesPage() {
  const connection = await requireConnection();
  const [templates, zone] = await Promise.all([loadTemplates(connection.id), adminTimeZone()]);
  return (
    <>
      <h1>Templates</h1>
      <p className="muted">
        A template is a split you use again: new gifts it applies to wait in <Link href="/inbox">To allocate</Link> with
        the split proposed, or are sent by themselves when you say so.
      </p>
      <PauseSwitch pause={pauseOf(connection)} zone={zone} />
      <div className="button-row">
        <ButtonLink href="/templates/new">New template</ButtonLink>
      </div>
      {templates.length === 0 ? (
        <p className="muted">No templates yet. Make one here, or save a split from a gift&rsquo;s editor.</p>
      ) : (
        <ul className="template-list">
          {templates.map((t) => (
            <li key={t.id} className="card">
              <h2>
                <Link href={`/templates/${t.id}`}>{t.name}</Link>
              </h2>
              <p>{describeLines(t.lines)}</p>
              <p className="small muted">
                Applies to{" "}
                {"cents" in t.appliesTo
                  ? `gifts ${t.appliesTo.kind} ${formatCents(t.appliesTo.cents)}`
                  : `gifts of the ${t.appliesTo.kind} “${t.appliesTo.value}”`}
                {t.autoSend ? " · sends automatically" : " · waits for your approval"}
              </p>
              <DeleteTemplate id={t.id} name={t.name} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
