import { expect, it } from "vitest";
import { processSlot } from "@/lib/process-slot";

it("gives every copy that names a slot the same value, made once", () => {
  const first = processSlot<{ made: number }>("apportionSlotTest");
  const second = processSlot<{ made: number }>("apportionSlotTest");
  let made = 0;
  const value = first.getOrCreate(() => ({ made: ++made }));
  expect(second.getOrCreate(() => ({ made: ++made }))).toBe(value);
  expect(made).toBe(1);
  second.set(undefined);
  expect(first.get()).toBeUndefined();
  expect(processSlot<number>("apportionOtherSlotTest").get()).toBeUndefined();
});
