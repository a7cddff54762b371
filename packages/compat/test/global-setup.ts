// The SDK's live server (a Docstack process of its own on a fresh database), reused rather than copied.
export { default } from "../../sdk/test/global-setup";
