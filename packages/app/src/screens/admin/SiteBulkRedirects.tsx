// Redirects in bulk: a pasted list or a CSV file of `source,destination` lines, checked line by line first (a
// list with a failing line is not sent: every such line is named), then sent in one request. The API applies
// each line on its own and says which failed: the screen reports what was applied and names the lines that were
// not, keeping them in the box to fix.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, unwrap } from "../../api";
import { useWrite } from "../../ui/forms";
import { WriteForm } from "../../ui/WriteForm";
import { adminKeys, useSiteSpaces } from "./queries";
import { type LineProblem, parseRedirectLines } from "./redirect-lines";

interface Report {
  applied: string;
  failed: LineProblem[];
}

export function SiteBulkRedirects({ organizationId, siteId }: { organizationId: string; siteId: string }) {
  const siteSpaces = useSiteSpaces(organizationId, siteId);
  const queries = useQueryClient();
  const [text, setText] = useState("");
  const [spaceId, setSpaceId] = useState("");
  const [permanent, setPermanent] = useState(true);
  const [problems, setProblems] = useState<LineProblem[]>([]);
  const [report, setReport] = useState<Report>();
  const upload = useWrite(async () => {
    setReport(undefined);
    const parsed = parseRedirectLines(text, spaceId || siteSpaces.data?.items[0]?.space.id);
    setProblems(parsed.problems);
    if (parsed.problems.length > 0) return;
    if (parsed.redirects.length === 0) throw new Error("The list holds no redirect: write one source,destination a line.");
    const body = { redirects: parsed.redirects.map(({ source, destination }) => ({ source, destination, permanent })) };
    const { results } = await unwrap(api.PUT("/v1/orgs/{organizationId}/sites/{siteId}/redirects", { params: { path: { organizationId, siteId } }, body }));
    const failed = results.flatMap((result, index) => {
      const line = parsed.redirects[index];
      return result.status === "error" && line ? [{ line: line.line, text: line.source, problem: result.error ?? "refused" }] : [];
    });
    const count = (status: string) => results.filter((result) => result.status === status).length;
    setReport({ applied: `${count("created")} created, ${count("updated")} updated`, failed });
    // The lines that failed stay in the box, to be fixed and sent again; the applied ones leave it.
    const failedLines = new Set(failed.map((problem) => problem.line));
    setText(
      failed.length === 0
        ? ""
        : text
            .split(/\r?\n/)
            .filter((_, index) => failedLines.has(index + 1))
            .join("\n"),
    );
    await queries.invalidateQueries({ queryKey: adminKeys.redirects(organizationId, siteId) });
  });
  return (
    <WriteForm write={upload} submit="Add these redirects" className="stacked-form" label="Redirects in bulk">
      <h3>Many redirects at once</h3>
      <label htmlFor="redirects-bulk">Redirects, one a line: source,destination (a URL, or a page's path such as /guides/install)</label>
      <textarea
        id="redirects-bulk"
        rows={6}
        spellCheck={false}
        placeholder={"/old/install,/guides/install\n/blog/*,https://blog.example.com"}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <label htmlFor="redirects-file">Or read a CSV file into the box</label>
      <input
        id="redirects-file"
        type="file"
        accept=".csv,.txt,text/csv,text/plain"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void file.text().then(setText);
        }}
      />
      {siteSpaces.data && siteSpaces.data.items.length > 1 ? (
        <>
          <label htmlFor="redirects-space">Page paths are in the space</label>
          <select id="redirects-space" value={spaceId} onChange={(event) => setSpaceId(event.target.value)}>
            {siteSpaces.data.items.map((item) => (
              <option key={item.id} value={item.space.id}>
                {item.title}
              </option>
            ))}
          </select>
        </>
      ) : null}
      <label className="check">
        <input type="checkbox" checked={permanent} onChange={(event) => setPermanent(event.target.checked)} /> Permanent (308; else 307)
      </label>
      <Lines title="Nothing was added: fix these lines and send the list again." problems={problems} />
      {report ? (
        <>
          <p role="status">Added: {report.applied}.</p>
          <Lines title="These lines were not applied (the others were); they are left in the box:" problems={report.failed} />
        </>
      ) : null}
    </WriteForm>
  );
}

function Lines({ title, problems }: { title: string; problems: LineProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <div className="error" role="alert">
      <p>{title}</p>
      <ul>
        {problems.map((problem) => (
          <li key={`${problem.line}-${problem.text}`}>
            {problem.line > 0 ? `Line ${problem.line}` : "The list"}
            {problem.text ? (
              <>
                {" "}
                (<code>{problem.text}</code>)
              </>
            ) : null}
            : {problem.problem}
          </li>
        ))}
      </ul>
    </div>
  );
}
