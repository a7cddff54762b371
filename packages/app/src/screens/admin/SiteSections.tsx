// A site's sections (the tabs of the site, each publishing spaces) and section groups: a space added as a
// section, sections gathered in groups, renamed, reordered (the buttons move one step; keyboard users reach
// them as any button) and removed.
import type { Schemas } from "@docstack/sdk";
import { api, unwrap } from "../../api";
import { useWrite, WriteError } from "../../ui/forms";
import { Empty, Loading, Problem } from "../../ui/states";
import { AddSection, NewGroup, Rename } from "./SiteSectionForms";
import { useRefreshStructure, useSectionGroups, useSiteSections } from "./site-queries";
import { type Move, structureOf, swapAtTop, swapSections } from "./site-structure";

type Section = Schemas["SiteSection"];
type Group = Schemas["SiteSectionGroup"];

interface Props {
  organizationId: string;
  siteId: string;
}

/** The writes a row's buttons make, shared by every row of the list. */
function useStructureWrites({ organizationId, siteId }: Props) {
  const refresh = useRefreshStructure(organizationId, siteId);
  const path = { organizationId, siteId };
  const move = useWrite(async (move: Move) => {
    if (move.kind === "section") {
      const params = { path: { ...path, siteSectionId: move.id } };
      await unwrap(api.POST("/v1/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}/move", { params, body: { position: move.position } }));
    } else {
      const params = { path: { ...path, siteSectionGroupId: move.id } };
      await unwrap(
        api.POST("/v1/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/move", { params, body: { position: move.position } }),
      );
    }
    await refresh();
  });
  const regroup = useWrite(async ({ section, groupId }: { section: Section; groupId: string }) => {
    if (groupId) {
      const params = { path: { ...path, siteSectionGroupId: groupId } };
      await unwrap(
        api.POST("/v1/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections", { params, body: { sectionId: section.id } }),
      );
    } else if (section.sectionGroup) {
      const params = { path: { ...path, siteSectionGroupId: section.sectionGroup, siteSectionId: section.id } };
      await unwrap(api.DELETE("/v1/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections/{siteSectionId}", { params }));
    }
    await refresh();
  });
  const removeSection = useWrite(async (siteSectionId: string) => {
    await unwrap(api.DELETE("/v1/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}", { params: { path: { ...path, siteSectionId } } }));
    await refresh();
  });
  const removeGroup = useWrite(async (siteSectionGroupId: string) => {
    await unwrap(
      api.DELETE("/v1/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}", { params: { path: { ...path, siteSectionGroupId } } }),
    );
    await refresh();
  });
  const renameSection = (siteSectionId: string) => async (title: string) => {
    await unwrap(
      api.PATCH("/v1/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}", { params: { path: { ...path, siteSectionId } }, body: { title } }),
    );
    await refresh();
  };
  const renameGroup = (siteSectionGroupId: string) => async (title: string) => {
    const params = { path: { ...path, siteSectionGroupId } };
    await unwrap(api.PATCH("/v1/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}", { params, body: { title } }));
    await refresh();
  };
  return { move, regroup, removeSection, removeGroup, renameSection, renameGroup };
}

type Writes = ReturnType<typeof useStructureWrites>;

export function SiteSections(props: Props) {
  const sections = useSiteSections(props.organizationId, props.siteId);
  const groups = useSectionGroups(props.organizationId, props.siteId);
  const writes = useStructureWrites(props);
  const failed = sections.error ?? groups.error;
  const { top, empty } = structureOf(sections.data?.items ?? [], groups.data?.items ?? []);
  const allGroups = groups.data?.items ?? [];
  return (
    <section aria-labelledby="site-sections" className="admin-section">
      <h2 id="site-sections">Sections</h2>
      <p className="muted">Each section is a tab of the site publishing one or more spaces; groups gather sections under one title.</p>
      {sections.isPending || groups.isPending ? <Loading what="the site's sections" /> : null}
      {failed ? <Problem error={failed} retry={() => void Promise.all([sections.refetch(), groups.refetch()])} /> : null}
      {sections.data?.items.length === 0 ? <Empty>No sections: the site shows its spaces without tabs. Add a space as a section below.</Empty> : null}
      <ol className="structure" aria-label="Sections of the site">
        {top.map((item, index) => {
          const step = {
            up: index > 0 ? () => void writes.move.run(swapAtTop(top[index - 1]!, item)) : undefined,
            down: index < top.length - 1 ? () => void writes.move.run(swapAtTop(item, top[index + 1]!)) : undefined,
          };
          return item.kind === "section" ? (
            <SectionRow key={item.id} section={item.section} groups={allGroups} writes={writes} step={step} />
          ) : (
            <GroupRow key={item.id} group={item.group} groups={allGroups} writes={writes} step={step} />
          );
        })}
        {empty.map((group) => (
          <GroupRow key={group.id} group={group} groups={allGroups} writes={writes} step={{}} />
        ))}
      </ol>
      <WriteError write={writes.move} />
      <WriteError write={writes.regroup} />
      <WriteError write={writes.removeSection} />
      <WriteError write={writes.removeGroup} />
      <AddSection {...props} />
      <NewGroup {...props} sections={sections.data?.items ?? []} />
    </section>
  );
}

interface Step {
  up?: () => void;
  down?: () => void;
}

function MoveButtons({ name, step, busy }: { name: string; step: Step; busy: boolean }) {
  return (
    <>
      <button type="button" className="quiet" aria-label={`Move ${name} up`} disabled={busy || !step.up} onClick={step.up}>
        Up
      </button>
      <button type="button" className="quiet" aria-label={`Move ${name} down`} disabled={busy || !step.down} onClick={step.down}>
        Down
      </button>
    </>
  );
}

function SectionRow({ section, groups, writes, step }: { section: Section; groups: Group[]; writes: Writes; step: Step }) {
  const spaces = section.siteSpaces.map((siteSpace) => siteSpace.title).join(", ");
  return (
    <li className="card">
      <Rename label={`New title of the section ${section.title}`} title={section.title} save={writes.renameSection(section.id)}>
        <span className="card-title">{section.title}</span> <span className="muted">/{section.path}</span>
        {section.default ? <span className="badge">default</span> : null}
        <span className="muted">{spaces}</span>
      </Rename>
      <span className="card-actions">
        <MoveButtons name={`the section ${section.title}`} step={step} busy={writes.move.busy} />
        <label className="visually-hidden" htmlFor={`group-of-${section.id}`}>
          Group of the section {section.title}
        </label>
        <select
          id={`group-of-${section.id}`}
          value={section.sectionGroup ?? ""}
          disabled={writes.regroup.busy}
          onChange={(event) => void writes.regroup.run({ section, groupId: event.target.value })}
        >
          <option value="">No group</option>
          {groups.map((group) => (
            <option key={group.id} value={group.id}>
              In {group.title}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="quiet danger"
          aria-label={`Remove the section ${section.title}`}
          disabled={writes.removeSection.busy}
          onClick={() => void writes.removeSection.run(section.id)}
        >
          Remove
        </button>
      </span>
    </li>
  );
}

function GroupRow({ group, groups, writes, step }: { group: Group; groups: Group[]; writes: Writes; step: Step }) {
  return (
    <li className="card group">
      <Rename label={`New title of the group ${group.title}`} title={group.title} save={writes.renameGroup(group.id)}>
        <span className="card-title">{group.title}</span> <span className="badge">group</span>
        {group.sections.length === 0 ? <span className="muted">empty</span> : null}
      </Rename>
      <span className="card-actions">
        {group.sections.length > 0 ? <MoveButtons name={`the group ${group.title}`} step={step} busy={writes.move.busy} /> : null}
        <button
          type="button"
          className="quiet danger"
          aria-label={`Delete the group ${group.title} (its sections stay)`}
          disabled={writes.removeGroup.busy}
          onClick={() => void writes.removeGroup.run(group.id)}
        >
          Delete
        </button>
      </span>
      {group.sections.length > 0 ? (
        <ol className="structure" aria-label={`Sections of the group ${group.title}`}>
          {group.sections.map((section, index) => {
            const above = group.sections[index - 1];
            const below = group.sections[index + 1];
            const step = {
              up: above ? () => void writes.move.run(swapSections(above.id, section.id)) : undefined,
              down: below ? () => void writes.move.run(swapSections(section.id, below.id)) : undefined,
            };
            return <SectionRow key={section.id} section={section} groups={groups} writes={writes} step={step} />;
          })}
        </ol>
      ) : null}
    </li>
  );
}
