// @docstack/editor: the editor's core, which runs without a DOM. A page's Markdown opened as a ProseMirror document
// of GitBook's blocks (./schema, ./open), saved back losslessly (./save), and the editing state with its commands,
// input rules and keymap (./state, ./commands); the app mounts an EditorView on `createEditorState`.
export { type OpenedMarkdown, openMarkdown, type Span } from "./open.js";
export { saveMarkdown } from "./save.js";
export { HINT_STYLES, type HintStyle, schema } from "./schema.js";
export { writeBlock } from "./write.js";
