import { Turns } from "./event-loop";

/** Whether an immediate scheduled before `step` ran before it resolved. */
async function turnedDuring(step: () => Promise<void>): Promise<boolean> {
  let turned = false;
  setImmediate(() => {
    turned = true;
  });
  await step();
  return turned;
}

describe("long work's steps", () => {
  it("wait for the event loop to turn once the thread has worked long enough since it last did", async () => {
    const turns = new Turns(0);
    expect(await turnedDuring(() => turns.turnIfBusy())).toBe(true);
  });

  it("go on at once before that, so short work pays nothing", async () => {
    const turns = new Turns(60_000);
    expect(await turnedDuring(() => turns.turnIfBusy())).toBe(false);
  });
});
