import { formatWhen, timeAgo } from "@/lib/when";

/** A moment in the admin's zone, with UTC on hover; `never` stands in when there is none yet.
 *  `precise`: to the second, followed by how long ago ("2 minutes ago"), as History shows it. */
export function When({
  iso,
  zone,
  never,
  precise = false,
}: {
  iso: string | null;
  zone: string;
  never?: string;
  precise?: boolean;
}) {
  if (iso === null) return <span className="muted">{never}</span>;
  const { text, utc } = formatWhen(iso, zone, precise);
  return (
    <>
      <time dateTime={iso} title={utc}>
        {text}
      </time>
      {precise && (
        // Rendered on the server and again in the browser a moment later: the words may differ.
        <span className="muted small" suppressHydrationWarning>
          {" "}
          ({timeAgo(iso)})
        </span>
      )}
    </>
  );
}
