// The counts of a bulk draft (gifts and lines, ready or sent, and with a problem) and where to get
// the lines with a problem. Apart from DraftPreviewView so that one reads as the preview's parts.
import type { DraftPreview } from "@/lib/bulk/read";

export function DraftCounts({ id, data, sent }: { id: string; data: DraftPreview; sent: boolean }) {
  const invalidCount = data.transactionCount - data.validCount;
  const invalidRows = data.rowCount - data.validRowCount;
  return (
    <>
      <p>
        {data.transactionCount.toLocaleString("en-US")} gift{data.transactionCount === 1 ? "" : "s"},{" "}
        {lines(data.rowCount)}:{" "}
        <strong>
          {data.validCount.toLocaleString("en-US")} {sent ? "sent" : "ready to send"}
        </strong>{" "}
        ({lines(data.validRowCount)}), <strong>{invalidCount.toLocaleString("en-US")} with a problem</strong> (
        {lines(invalidRows)}).
      </p>
      {invalidCount > 0 && (
        <p className="small">
          Gifts with a problem are not sent. <a href={`/api/bulk/${id}/errors.csv`}>Download their lines</a> as a CSV
          with a line number and an error for each, fix them and upload that file again.
        </p>
      )}
    </>
  );
}

const lines = (n: number) => `${n.toLocaleString("en-US")} line${n === 1 ? "" : "s"}`;
