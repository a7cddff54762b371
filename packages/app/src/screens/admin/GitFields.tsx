// A Git repository's fields (URL, branch, folder, credentials), as Git Sync, an import from Git and an export to
// Git all ask them: one form state and one set of labelled inputs, each screen's ids prefixed apart.
import { useState } from "react";

export interface GitRepositoryForm {
  url: string;
  branch: string;
  directory: string;
  username: string;
  password: string;
}

const EMPTY: GitRepositoryForm = { url: "", branch: "main", directory: "", username: "", password: "" };

export function useGitRepositoryForm() {
  const [form, setForm] = useState(EMPTY);
  const set = (field: keyof GitRepositoryForm) => (event: { target: { value: string } }) => setForm((now) => ({ ...now, [field]: event.target.value }));
  /** The password is forgotten once used (nothing else typed is). */
  const forgetPassword = () => setForm((now) => ({ ...now, password: "" }));
  return { form, set, forgetPassword };
}

/** The branch as the API takes it (`refs/heads/main`). */
export const refOf = (branch: string) => (branch.startsWith("refs/") ? branch : `refs/heads/${branch.trim()}`);

/** The folder without its leading and trailing slashes; undefined for the repository's top. */
export const directoryOf = (directory: string) => directory.trim().replace(/^\/+|\/+$/g, "") || undefined;

/** The URL carrying the credentials as basic auth, for the one-shot operations that take them only there. */
export function urlWithCredentials({ url, username, password }: GitRepositoryForm): string {
  if (!password && !username) return url;
  const parsed = new URL(url);
  parsed.username = username || "git";
  parsed.password = password;
  return parsed.toString();
}

export function GitRepositoryFields({ id, form, set }: { id: string; form: GitRepositoryForm; set: ReturnType<typeof useGitRepositoryForm>["set"] }) {
  return (
    <>
      <label htmlFor={`${id}-url`}>Repository URL (HTTPS)</label>
      <input id={`${id}-url`} type="url" required placeholder="https://git.example.com/acme/docs.git" value={form.url} onChange={set("url")} />
      <label htmlFor={`${id}-branch`}>Branch</label>
      <input id={`${id}-branch`} required value={form.branch} onChange={set("branch")} />
      <label htmlFor={`${id}-directory`}>Directory in the repository</label>
      <input id={`${id}-directory`} placeholder="docs (empty: the top)" value={form.directory} onChange={set("directory")} />
      <label htmlFor={`${id}-username`}>User name</label>
      <input id={`${id}-username`} autoComplete="off" value={form.username} onChange={set("username")} />
      <label htmlFor={`${id}-password`}>Password or access token</label>
      <input id={`${id}-password`} type="password" autoComplete="new-password" value={form.password} onChange={set("password")} />
    </>
  );
}
