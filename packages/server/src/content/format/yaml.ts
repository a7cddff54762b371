// The yaml package loads when a page's front matter or a GitBook layout file is first read or written: it is large,
// and an instance's start (and most requests) need none of it.

/** The yaml package, loaded on first use. */
export const yaml = () => require("yaml") as typeof import("yaml");
