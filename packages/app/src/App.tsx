// Who is signed in decides what shows: the sign-in screen (the URL kept, so the screen asked for opens
// after), or the screen of the URL inside the shell. Screens other than the first load when first opened.
import { useEffect } from "react";
import { failureOf } from "./api";
import { useRoute } from "./navigation";
import { chooseOrganization, pickOrganization, useChosenOrganization } from "./org";
import { useOrgs, useUser } from "./queries";
import type { Route } from "./routes";
import { forgetAhead, openAhead } from "./screens/editor/opening";
import Home from "./screens/Home";
import SignIn from "./screens/SignIn";
import { Lazy, lazyView } from "./ui/lazyView";
import { Shell } from "./ui/Shell";
import { Loading, Problem } from "./ui/states";

const Space = lazyView(() => import("./screens/Space"), "the screen");
const Collection = lazyView(() => import("./screens/Collection"), "the screen");
const ChangeRequests = lazyView(() => import("./screens/ChangeRequests"), "the screen");
const ChangeRequest = lazyView(() => import("./screens/ChangeRequest"), "the screen");
const ChangeRequestPreview = lazyView(() => import("./screens/ChangeRequestPreview"), "the screen");
const People = lazyView(() => import("./screens/People"), "the screen");
const DeletedSpaces = lazyView(() => import("./screens/DeletedSpaces"), "the screen");
const Account = lazyView(() => import("./screens/Account"), "the screen");
const Resource = lazyView(() => import("./screens/Resource"), "the screen");
// The editor (ProseMirror, @docstack/editor) loads on the first edit, not with the app.
const loadEditPage = () => import("./screens/editor/EditPage");
const EditPage = lazyView(loadEditPage, "the screen");
const Admin = lazyView(() => import("./screens/admin/Admin"), "the screen");
const SiteScreen = lazyView(async () => ({ default: (await import("./screens/admin/Admin")).SiteScreen }), "the screen");

export function App() {
  const route = useRoute();
  // An editor screen's code and reads start with the app, side by side, not one after the other after the user's read.
  if (route.screen === "edit-page") openAhead(route.spaceId, route.number, route.pageId, loadEditPage);
  else forgetAhead();
  const user = useUser();
  if (user.isPending) return <Loading what="Docstack" />;
  if (user.isError) {
    if (failureOf(user.error) === "signed-out") return <SignIn />;
    return (
      <main id="main">
        <Problem error={user.error} retry={() => user.refetch()} />
      </main>
    );
  }
  if (route.screen === "sign-in") return <SignIn />;
  return <SignedIn route={route} />;
}

function SignedIn({ route }: { route: Route }) {
  const orgs = useOrgs();
  const chosen = useChosenOrganization();
  const named = "organizationId" in route ? route.organizationId : undefined;
  useEffect(() => {
    if (named) chooseOrganization(named);
  }, [named]);
  const organizationId = named ?? pickOrganization(chosen, orgs.data?.items.map((org) => org.id) ?? []);
  return (
    <Shell organizationId={organizationId}>
      <Screen route={route} organizationId={organizationId} orgsLoading={orgs.isPending} />
    </Shell>
  );
}

function Screen({ route, organizationId, orgsLoading }: { route: Route; organizationId: string | undefined; orgsLoading: boolean }) {
  switch (route.screen) {
    case "home":
      return <Home organizationId={organizationId} loading={orgsLoading} />;
    case "collection":
      return <Lazy view={Collection} props={{ collectionId: route.collectionId }} />;
    case "space":
      return <Lazy view={Space} props={{ spaceId: route.spaceId, pageId: route.pageId }} />;
    case "change-requests":
      return <Lazy view={ChangeRequests} props={{ spaceId: route.spaceId }} />;
    case "change-request":
      return <Lazy view={ChangeRequest} props={{ spaceId: route.spaceId, number: route.number }} />;
    case "change-request-preview":
      return <Lazy view={ChangeRequestPreview} props={{ spaceId: route.spaceId, number: route.number, pageId: route.pageId }} />;
    case "edit-page":
      return <Lazy view={EditPage} props={{ spaceId: route.spaceId, number: route.number, pageId: route.pageId }} />;
    case "members":
      return <Lazy view={People} props={{ organizationId: route.organizationId }} />;
    case "deleted-spaces":
      return <Lazy view={DeletedSpaces} props={{ organizationId: route.organizationId }} />;
    case "account":
      return <Lazy view={Account} props={{}} />;
    case "admin":
      return <Lazy view={Admin} props={{ organizationId: route.organizationId, section: route.section, spaceId: route.spaceId }} />;
    case "site":
      return <Lazy view={SiteScreen} props={{ organizationId: route.organizationId, siteId: route.siteId }} />;
    case "spec":
    case "integration":
    case "user":
      return <Lazy view={Resource} props={{ route }} />;
    default:
      return (
        <main id="main">
          <Problem error={{ status: 404 }} />
        </main>
      );
  }
}
