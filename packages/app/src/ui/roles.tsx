// The organization roles a person can be given, most to least, and "guest" (the API's `null`: only what is shared).
export const ROLES = ["admin", "create", "review", "edit", "comment", "read"] as const;
export type RoleChoice = (typeof ROLES)[number] | "guest";
export const roleOf = (choice: RoleChoice) => (choice === "guest" ? null : choice);
export const choiceOf = (role: (typeof ROLES)[number] | null | undefined): RoleChoice => role ?? "guest";

/** The choices of a role select: every role, then guest. */
export function RoleOptions() {
  return (
    <>
      {ROLES.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
      <option value="guest">guest (only what is shared)</option>
    </>
  );
}
