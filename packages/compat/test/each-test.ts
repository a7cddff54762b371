// A test named after a GitBook operation (its title's first word, e.g. `it("createSpace with editMode", …)`) must
// have called that operation through GitBook's client and got a success GitBook's schema accepts: the names the
// coverage check counts cannot claim more than the run did.
import { answeredInThisTest, sharedOperations } from "./gitbook";

const shared = new Set(sharedOperations().map((operation) => operation.gitbook));

beforeEach(() => answeredInThisTest.clear());

afterEach(() => {
  const name = expect.getState().currentTestName ?? "";
  const named = name.split(/[\s:]+/).find((word) => shared.has(word));
  if (named && !answeredInThisTest.has(named)) {
    throw new Error(`the test "${name}" is named after ${named} but never got a success from it through GitBook's client`);
  }
});
