// Who is signed in decides what shows: the sign-in screen (the URL kept, so the screen asked for opens
// after), or the screen of the URL inside the shell. Screens other than the first load when first opened.
import { lazy, Suspense, useEffect } from "react";
import { failureOf } from "./api";
import { useRoute } from "./navigation";
import { chooseOrganization, pickOrganization, useChosenOrganization } from "./org";
import { useOrgs, useUser } from "./queries";
import type { Route } from "./routes";
import { forgetAhead, openAhead } from "./screens/editor/opening";
import Home from "./screens/Home";
import SignIn from "./screens/SignIn";
import { Shell } from "./ui/Shell";
import { Loading, Problem } from "./ui/states";

const Space = lazy(() => import("./screens/Space"));
const Collection = lazy(() => import("./screens/Collection"));
const ChangeRequests = lazy(() => import("./screens/ChangeRequests"));
const ChangeRequest = lazy(() => import("./screens/ChangeRequest"));
const ChangeRequestPreview = lazy(() => import("./screens/ChangeRequestPreview"));
const People = lazy(() => import("./screens/People"));
const DeletedSpaces = lazy(() => import("./screens/DeletedSpaces"));
const Account = lazy(() => import("./screens/Account"));
const Resource = lazy(() => import("./screens/Resource"));
// The editor (ProseMirror, @docstack/editor) loads on the first edit, not with the app.
const loadEditPage = () => import("./screens/editor/EditPage");
const EditPage = lazy(loadEditPage);
const Admin = lazy(() => import("./screens/admin/Admin"));
const SiteScreen = lazy(() => import("./screens/admin/Admin").then((module) => ({ default: module.SiteScreen })));

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
      <Suspense fallback={<Loading what="the screen" />}>
        <Screen route={route} organizationId={organizationId} orgsLoading={orgs.isPending} />
      </Suspense>
    </Shell>
  );
}

function Screen({ route, organizationId, orgsLoading }: { route: Route; organizationId: string | undefined; orgsLoading: boolean }) {
  switch (route.screen) {
    case "home":
      return <Home organizationId={organizationId} loading={orgsLoading} />;
    case "collection":
      return <Collection collectionId={route.collectionId} />;
    case "space":
      return <Space spaceId={route.spaceId} pageId={route.pageId} />;
    case "change-requests":
      return <ChangeRequests spaceId={route.spaceId} />;
    case "change-request":
      return <ChangeRequest spaceId={route.spaceId} number={route.number} />;
    case "change-request-preview":
      return <ChangeRequestPreview spaceId={route.spaceId} number={route.number} pageId={route.pageId} />;
    case "edit-page":
      return <EditPage spaceId={route.spaceId} number={route.number} pageId={route.pageId} />;
    case "members":
      return <People organizationId={route.organizationId} />;
    case "deleted-spaces":
      return <DeletedSpaces organizationId={route.organizationId} />;
    case "account":
      return <Account />;
    case "admin":
      return <Admin organizationId={route.organizationId} section={route.section} spaceId={route.spaceId} />;
    case "site":
      return <SiteScreen organizationId={route.organizationId} siteId={route.siteId} />;
    case "spec":
    case "integration":
    case "user":
      return <Resource route={route} />;
    default:
      return (
        <main id="main">
          <Problem error={{ status: 404 }} />
        </main>
      );
  }
}
