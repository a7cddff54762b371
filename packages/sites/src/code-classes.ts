// Prism's token types as the class names highlight.js's themes colour: the published site's code blocks and the
// app's editor (which highlights with the same Prism) share them, so code looks the same in both. No Node imports:
// the app bundles this file for the browser.

const THEME_CLASS = new Map<string, string>(
  Object.entries({
    comment: "comment",
    prolog: "comment",
    doctype: "meta",
    cdata: "comment",
    keyword: "keyword",
    string: "string",
    char: "string",
    "template-string": "string",
    "attr-value": "string",
    url: "link",
    number: "number",
    boolean: "literal",
    constant: "literal",
    builtin: "built_in",
    "class-name": "title",
    function: "title",
    property: "attribute",
    key: "attribute",
    "attr-name": "attribute",
    tag: "tag",
    selector: "selector-tag",
    variable: "variable",
    regex: "regexp",
    symbol: "symbol",
    annotation: "meta",
    decorator: "meta",
    important: "keyword",
    deleted: "deletion",
    inserted: "addition",
    bold: "strong",
    italic: "emphasis",
  }),
);

/** The class of a Prism token type (others keep their own name, prefixed). */
export const codeClass = (type: string): string => `hljs-${THEME_CLASS.get(type) ?? type}`;
