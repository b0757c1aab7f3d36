// The allocation table's fixed parts: the line saying what an amount field takes, and the table's
// caption and headings. Nothing in them changes or responds, so the editor's page renders them on
// the server and hands them to the editor (a client component) as markup: they cost the editor's
// first load no JavaScript. Columns here, cells in allocation-line.tsx and the widths in
// globals.css (--line-columns) go together.

export function AmountHint() {
  return (
    <p className="small muted">
      Type an amount (<kbd>12.50</kbd>), a share of the gift (<kbd>25%</kbd>) or a calculation (<kbd>100/3</kbd> is
      $33.33); or a share in the % column.
    </p>
  );
}

export function AllocationColumns() {
  return (
    <>
      <caption className="visually-hidden">Lines of the new allocation</caption>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col" className="num">
            Amount
          </th>
          <th scope="col" className="num">
            Share
          </th>
          <th scope="col" className="num head-quantity">
            Qty
          </th>
          <th scope="col" className="num">
            Line total
          </th>
          <th scope="col">Campaign</th>
          <th scope="col">Parent campaign</th>
          <th scope="col">Fund</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
    </>
  );
}
