export { default } from "../../sdk/test/global-teardown";
