// The editing surface: a ProseMirror EditorView over @docstack/editor's state, exposed as a multi-line textbox
// named "Page content". Typing `/` in an empty paragraph opens the block menu, a listbox the textbox points into
// (aria-controls, aria-activedescendant): Up/Down choose, Enter inserts, Escape closes; a click inserts too.
// Blocks the editor holds as atoms (embeds, files, page links, OpenAPI operations, raw Markdown) show what they are;
// images show the picture; code blocks are highlighted in their language (./highlight). An image pasted or dropped
// is uploaded into the change request and inserted as a block; the settings of the block at the cursor
// (BlockSettingsPanel) follow the editor.
import {
  type BlockMenuItem,
  blockMenuItems,
  blockMenuQuery,
  blockWithSettings,
  createEditorState,
  insertBlock,
  insertImage,
  type OpenedMarkdown,
  openMarkdown,
  saveMarkdown,
} from "@docstack/editor";
import type { Node } from "prosemirror-model";
import { type EditorState, Plugin } from "prosemirror-state";
import { EditorView, type NodeView } from "prosemirror-view";
import { useEffect, useRef, useState } from "react";
import { messageOf } from "../../api";
import { BlockSettingsPanel, type SettingsTarget } from "./BlockSettingsPanel";
import { codeHighlight } from "./highlight";
import type { Images } from "./images";

export interface EditorHandle {
  /** The page's Markdown now: blocks not touched since it was opened are their original bytes. */
  markdown(): string;
  /** Opens other Markdown in the editor (a version chosen in a conflict). */
  replace(markdown: string): void;
}

interface MenuState {
  query: string;
  items: BlockMenuItem[];
  active: number;
}

interface Menu extends MenuState {
  top: number;
  left: number;
}

/** A transaction's meta: the block menu changed (a key moved its choice, Escape closed it); redraw the attributes. */
const MENU_REDRAW = "block-menu-redraw";

const MENU_ID = "block-menu";
const optionId = (item: BlockMenuItem) => `block-menu-${item.id}`;

/** An atom block shown as a labelled box (what it is, and its target), not editable inside. */
function labelled(describe: (node: Node) => string) {
  return (node: Node): NodeView => {
    const dom = document.createElement("div");
    dom.className = `block-atom block-${node.type.name}`;
    dom.contentEditable = "false";
    dom.textContent = describe(node);
    return { dom };
  };
}

/** An image block: the picture (a file of the change request by its name, or a URL) and its caption. */
function imageView(images: Images | undefined) {
  return (node: Node): NodeView => {
    const dom = document.createElement("figure");
    dom.className = "block-atom block-image";
    dom.contentEditable = "false";
    const draw = (image: Node) => {
      const url = images?.urlOf(image.attrs.src);
      const picture = document.createElement(url ? "img" : "p");
      if (picture instanceof HTMLImageElement) {
        picture.src = url!;
        picture.alt = image.attrs.alt;
      } else picture.textContent = `Image: ${image.attrs.src || "no file yet"}`;
      const caption = document.createElement("figcaption");
      caption.textContent = image.attrs.caption || "No caption";
      dom.replaceChildren(picture, caption);
    };
    draw(node);
    return {
      dom,
      update(next) {
        if (next.type !== node.type) return false;
        draw(next);
        return true;
      },
    };
  };
}

/** What the editor cannot edit as blocks (an unknown `{% %}` tag, raw HTML): its Markdown, said to be kept as written. */
function rawView(node: Node): NodeView {
  const dom = document.createElement("div");
  dom.className = "block-atom block-raw";
  dom.contentEditable = "false";
  const label = document.createElement("span");
  label.className = "raw-label";
  label.textContent = "Kept as written (edit it in the Markdown source)";
  const markdown = document.createElement("pre");
  markdown.textContent = node.attrs.markdown;
  dom.append(label, markdown);
  return { dom };
}

const imageFiles = (files: FileList | null | undefined) => [...(files ?? [])].filter((file) => file.type.startsWith("image/"));

const NODE_VIEWS = {
  raw: rawView,
  embed: labelled((node) => `Embed: ${node.attrs.url || "no URL yet"}`),
  file: labelled((node) => `File: ${node.attrs.src || "no file yet"}`),
  content_ref: labelled((node) => `Page link: ${node.attrs.url || "no page yet"}`),
  include: labelled((node) => `Reusable content: ${node.attrs.src}`),
  openapi: labelled((node) => `OpenAPI operation: ${[node.attrs.method, node.attrs.path].filter(Boolean).join(" ") || node.attrs.src || "not set"}`),
};

/**
 * `onMount` gets the editor's handle once, when the view is made. It keeps reading the last state after the view
 * is gone (React's ref handles are nulled on unmount): the save made on leaving the screen sends the writer's text,
 * never the text first opened.
 */
export function EditorPane({
  markdown,
  images,
  onChange,
  onMount,
}: {
  markdown: string;
  /** The change request's images: shown in image blocks; pasted and dropped ones uploaded. */
  images?: Images;
  onChange: () => void;
  onMount: (handle: EditorHandle) => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const opened = useRef<OpenedMarkdown | null>(null);
  /** The last state, kept after the view is destroyed. */
  const latest = useRef<EditorState | null>(null);
  const [menu, setMenu] = useState<Menu | null>(null);
  // The menu as the key handler sees it (the plugin is made once; React's state is read through this).
  const menuRef = useRef<MenuState | null>(null);
  const dismissed = useRef<string | undefined>(undefined);
  const changed = useRef(onChange);
  changed.current = onChange;
  const [target, setTarget] = useState<SettingsTarget>();
  const [notice, setNotice] = useState<{ text: string; failed?: boolean }>();

  const followBlock = (state: EditorState) => {
    const next = blockWithSettings(state);
    setTarget((before) => (before?.node === next?.node && before?.pos === next?.pos ? before : next));
  };

  /** Uploads images into the change request, then inserts each where it was dropped (or at the cursor). */
  const addImages = async (files: File[], at?: number) => {
    if (!images) return;
    for (const file of files) {
      setNotice({ text: `Adding the image ${file.name}…` });
      try {
        const name = await images.upload(file);
        const current = view.current;
        if (!current) return;
        const pos = at !== undefined && at <= current.state.doc.content.size ? at : undefined;
        insertImage({ src: name, alt: "" }, pos)(current.state, current.dispatch);
        setNotice({ text: `Image ${name} added: give it a caption in its settings` });
      } catch (error) {
        setNotice({ text: `The image ${file.name} was not added: ${messageOf(error)}`, failed: true });
      }
    }
  };

  /**
   * Sets the menu the key handler and the editor's attributes read. The editor's attributes are a function of it
   * (never set by `setProps` while ProseMirror applies typed text: that could put the caret back before the `/`
   * on a busy machine, and the next keys typed went before it). `refresh` redraws them when no transaction will.
   */
  const setMenuState = (next: MenuState | null, refresh: boolean) => {
    const before = menuRef.current;
    if (before === next || (before && next && before.query === next.query && before.active === next.active)) return;
    menuRef.current = next;
    if (refresh && view.current) view.current.dispatch(view.current.state.tr.setMeta(MENU_REDRAW, true));
    else place();
  };

  /** Shows the menu (or hides it) where the cursor is, once the editor shows the state that opened it. */
  const place = () => {
    const open = menuRef.current;
    if (!open) return setMenu(null);
    const coords = view.current?.coordsAtPos(view.current.state.selection.from);
    const box = host.current?.getBoundingClientRect();
    setMenu({ ...open, top: coords && box ? coords.bottom - box.top + 4 : 0, left: coords && box ? coords.left - box.left : 0 });
  };

  const choose = (item: BlockMenuItem) => {
    const current = view.current;
    if (!current) return;
    insertBlock(item)(current.state, current.dispatch);
    setMenuState(null, true);
    current.focus();
  };

  /** The menu the state asks for: the `/` query typed, unless it was dismissed with Escape. */
  const menuFor = (state: EditorState): MenuState | null => {
    const query = blockMenuQuery(state);
    if (query === undefined) dismissed.current = undefined;
    if (query === undefined || query === dismissed.current) return null;
    const items = blockMenuItems(query);
    if (items.length === 0) return null;
    const previous = menuRef.current;
    return { query, items, active: previous && previous.query === query ? previous.active : 0 };
  };

  const handle: EditorHandle = {
    markdown: () => (latest.current && opened.current ? saveMarkdown(latest.current.doc, opened.current) : markdown),
    replace: (text: string) => {
      opened.current = openMarkdown(text);
      latest.current = newState(opened.current);
      view.current?.updateState(latest.current);
      followBlock(latest.current);
    },
  };

  function newState(from: OpenedMarkdown): EditorState {
    const menuKeys = new Plugin({
      props: {
        handleKeyDown(keyView, event) {
          // The first character typed into an empty block is written by the editor, not left to the browser. The `/`
          // that opens the menu redraws the editor's attributes in the same update, and on a busy machine Chrome then
          // put the caret back before a natively typed `/` (the next keys typed went before it: "info/"). And a key
          // typed within a few milliseconds of a block being made (one chosen from the menu) was written by Chrome
          // into the next block's text, though the selection was in the new one ("Careful." in the hint after it).
          if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey && !keyView.composing) {
            const { $from, empty } = keyView.state.selection;
            if (empty && $from.parent.isTextblock && $from.parent.content.size === 0) {
              // As ProseMirror writes what it types itself: the input rules (Markdown shortcuts) see it first.
              const at = $from.pos;
              const typed = () => keyView.state.tr.insertText(event.key, at, at).scrollIntoView();
              if (!keyView.someProp("handleTextInput", (handle) => handle(keyView, at, at, event.key, typed))) keyView.dispatch(typed());
              return true;
            }
          }
          const open = menuRef.current;
          if (!open) return false;
          const move = (by: number) => {
            setMenuState({ ...open, active: (open.active + by + open.items.length) % open.items.length }, true);
            return true;
          };
          if (event.key === "ArrowDown") return move(1);
          if (event.key === "ArrowUp") return move(-1);
          if (event.key === "Enter" || event.key === "Tab") {
            choose(open.items[open.active]!);
            return true;
          }
          if (event.key === "Escape") {
            dismissed.current = open.query;
            setMenuState(null, true);
            return true;
          }
          return false;
        },
      },
    });
    const pastedImages = new Plugin({
      props: {
        handlePaste(_view, event) {
          const files = imageFiles(event.clipboardData?.files);
          if (!files.length || !images) return false;
          void addImages(files);
          return true;
        },
        handleDrop(dropView, event) {
          const files = imageFiles(event.dataTransfer?.files);
          if (!files.length || !images) return false;
          event.preventDefault();
          void addImages(files, dropView.posAtCoords({ left: event.clientX, top: event.clientY })?.pos);
          return true;
        },
      },
    });
    return createEditorState(from, { plugins: [menuKeys, pastedImages, codeHighlight()], promptLink: () => window.prompt("Link address") });
  }

  // The view is made once; replacing the page's Markdown goes through `replace`.
  // biome-ignore lint/correctness/useExhaustiveDependencies: mounted once, on the Markdown first opened
  useEffect(() => {
    opened.current = openMarkdown(markdown);
    latest.current = newState(opened.current);
    const made = new EditorView(host.current, {
      state: latest.current,
      nodeViews: { ...NODE_VIEWS, image: imageView(images) },
      attributes: () => attributes(menuRef.current),
      dispatchTransaction(tr) {
        const state = made.state.apply(tr);
        latest.current = state;
        const moved = tr.docChanged || tr.selectionSet;
        // The menu first: the attributes drawn with this state point into it.
        if (moved) menuRef.current = menuFor(state);
        made.updateState(state);
        if (tr.docChanged) changed.current();
        if (moved) {
          place();
          followBlock(state);
        } else if (tr.getMeta(MENU_REDRAW)) place();
      },
    });
    view.current = made;
    onMount(handle);
    return () => {
      made.destroy();
      view.current = null;
    };
  }, []);

  return (
    <div className="editor-host">
      <div ref={host} />
      {menu ? (
        <div id={MENU_ID} role="listbox" aria-label="Insert a block" className="block-menu" style={{ top: menu.top, left: menu.left }}>
          {menu.items.map((item, i) => (
            <div
              key={item.id}
              id={optionId(item)}
              tabIndex={-1}
              role="option"
              aria-selected={i === menu.active}
              onMouseDown={(event) => {
                // The editor keeps the focus (and its selection): the block goes where the `/` was typed.
                event.preventDefault();
                choose(item);
              }}
            >
              {item.label}
            </div>
          ))}
        </div>
      ) : null}
      {notice ? (
        <p className={`editor-notice${notice.failed ? " failed" : ""}`} role={notice.failed ? "alert" : "status"}>
          {notice.text}
        </p>
      ) : null}
      {target && view.current ? <BlockSettingsPanel target={target} view={view.current} /> : null}
    </div>
  );

  function attributes(open: MenuState | null): Record<string, string> {
    const base = { role: "textbox", "aria-multiline": "true", "aria-label": "Page content", class: "editor-content", spellcheck: "true" };
    if (!open) return base;
    return { ...base, "aria-controls": MENU_ID, "aria-activedescendant": optionId(open.items[open.active]!) };
  }
}
