import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";

type Props = { from: string; to: string; errors: { from?: string; to?: string } };

/** The days to sum, as a plain GET form: the page reads them from its address, so a range can be
 *  bookmarked and shared, and the form works before any script has loaded. */
export function RangeForm({ from, to, errors }: Props) {
  return (
    <form className="filters funds-range" method="get" action="/funds" aria-label="Days to sum">
      <Field id="funds-from" label="From" error={errors.from}>
        {(control) => <input {...control} type="date" name="from" defaultValue={from} required />}
      </Field>
      <Field id="funds-to" label="To (included)" error={errors.to}>
        {(control) => <input {...control} type="date" name="to" defaultValue={to} required />}
      </Field>
      <div className="funds-range__submit">
        <Button type="submit">Show</Button>
      </div>
    </form>
  );
}
