import { stopSharedServer } from "../../sdk/test/global-teardown";
import { COMPAT_PREFIX } from "./global-setup";

export default function globalTeardown(): Promise<void> {
  return stopSharedServer(COMPAT_PREFIX);
}
