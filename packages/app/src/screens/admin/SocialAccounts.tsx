// A site's social accounts: each a platform and a handle, shown in the footer, the header, or both.
import type { Schemas } from "@docstack/sdk";
import { PLATFORMS } from "./customization-enums";
import { Choice, Text, Toggle } from "./customization-fields";

type Account = Schemas["SiteSocialAccount"];
const MAX_ACCOUNTS = 10;

export function SocialAccounts({ accounts, change }: { accounts: Account[]; change: (accounts: Account[]) => void }) {
  const update = (index: number, next: Partial<Account>) => change(accounts.map((account, i) => (i === index ? { ...account, ...next } : account)));
  return (
    <fieldset>
      <legend>Social accounts</legend>
      {accounts.length === 0 ? <p className="muted">None.</p> : null}
      {accounts.map((account, index) => {
        const id = `social-${index}`;
        const name = `social account ${index + 1}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the accounts have no ID, and each row's fields are its own
          <fieldset key={index} className="social-account">
            <legend>Social account {index + 1}</legend>
            <Choice
              id={`${id}-platform`}
              label={`Platform of ${name}`}
              value={account.platform}
              labels={PLATFORMS}
              onChange={(platform) => platform && update(index, { platform })}
            />
            <Text
              id={`${id}-handle`}
              label={`Handle of ${name} (without @)`}
              value={account.handle}
              required
              maxLength={128}
              onChange={(handle) => update(index, { handle })}
            />
            <Toggle
              id={`${id}-footer`}
              label="In the footer"
              checked={!!account.display?.footer}
              onChange={(footer) => update(index, { display: { ...account.display, footer } })}
            />
            <Toggle
              id={`${id}-header`}
              label="In the header"
              checked={!!account.display?.header}
              onChange={(header) => update(index, { display: { ...account.display, header } })}
            />
            <button type="button" className="quiet danger" onClick={() => change(accounts.filter((_, i) => i !== index))}>
              Remove {name}
            </button>
          </fieldset>
        );
      })}
      <button
        type="button"
        className="quiet"
        disabled={accounts.length >= MAX_ACCOUNTS}
        onClick={() => change([...accounts, { platform: "github", handle: "", display: { footer: true } }])}
      >
        Add a social account
      </button>
    </fieldset>
  );
}
