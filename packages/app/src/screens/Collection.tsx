// A collection: its title and description, and the spaces in it.
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../api";
import { useCollection } from "../queries";
import { AppLink, Empty, Loading, Problem } from "../ui/states";

export default function Collection({ collectionId }: { collectionId: string }) {
  const collection = useCollection(collectionId);
  const spaces = useQuery({
    queryKey: ["collection", collectionId, "spaces"],
    queryFn: () => unwrap(api.GET("/v1/collections/{collectionId}/spaces", { params: { path: { collectionId }, query: { limit: 1000 } } })),
  });
  if (collection.isError)
    return (
      <main id="main">
        <Problem error={collection.error} retry={() => collection.refetch()} />
      </main>
    );
  if (collection.isPending)
    return (
      <main id="main">
        <Loading what="the collection" />
      </main>
    );
  return (
    <main id="main" className="home">
      <h1>{collection.data.title}</h1>
      {collection.data.description ? <p className="description">{collection.data.description}</p> : null}
      {spaces.isPending ? <Loading what="its spaces" /> : null}
      {spaces.isError ? <Problem error={spaces.error} retry={() => spaces.refetch()} /> : null}
      {spaces.data?.items.length === 0 ? <Empty>No spaces in this collection yet.</Empty> : null}
      <ul className="cards">
        {spaces.data?.items.map((space) => (
          <li key={space.id} className="card">
            <AppLink to={`/app/spaces/${space.id}`} className="card-title">
              {space.title}
            </AppLink>
          </li>
        ))}
      </ul>
    </main>
  );
}
