// @docstack/editor: the editor's core, which runs without a DOM. A page's Markdown opened as a ProseMirror document
// of GitBook's blocks (./schema, ./open), saved back losslessly (./save), and the editing state with its commands,
// input rules and keymap (./state, ./commands); the app mounts an EditorView on `createEditorState`.
export {
  BLOCK_MENU,
  type BlockMenuItem,
  blockMenuItems,
  blockMenuQuery,
  editorKeymaps,
  insertBlock,
  insertImage,
  type KeymapOptions,
  markdownInputRules,
  setLink,
} from "./commands.js";
export { type OpenedMarkdown, openMarkdown, type Span } from "./open.js";
export { saveMarkdown } from "./save.js";
export { HINT_STYLES, type HintStyle, schema } from "./schema.js";
export { BLOCK_SETTINGS, type BlockSettings, blockWithSettings, type SettingField, setBlockSetting } from "./settings.js";
export { createEditorState, type EditorStateOptions, editorPlugins } from "./state.js";
export { writeBlock } from "./write.js";
