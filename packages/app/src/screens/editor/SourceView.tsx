// The page's Markdown in CodeMirror 6: its own chunk, loaded only when the writer opens the source (scripts/budget.mjs
// checks its size apart from the editor's). What is typed here is the page: the screen saves it as it is, and the
// block editor reopens it when the source closes (every block then is its bytes as typed).
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { markdown as markdownLanguage } from "@codemirror/lang-markdown";
import { EditorState } from "@codemirror/state";
import { EditorView, keymap, lineNumbers } from "@codemirror/view";
import { useEffect, useRef } from "react";

export default function SourceView({ markdown, onChange }: { markdown: string; onChange: (markdown: string) => void }) {
  const host = useRef<HTMLDivElement>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  // Made once, on the Markdown the source opened with; what is typed is told through `onChange`.
  // biome-ignore lint/correctness/useExhaustiveDependencies: mounted once
  useEffect(() => {
    const view = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: markdown,
        extensions: [
          lineNumbers(),
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          markdownLanguage(),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ "aria-label": "Markdown source", "aria-multiline": "true" }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.focus();
    return () => view.destroy();
  }, []);
  return <div ref={host} className="source-view" />;
}
