// A collection: its title and description, and the spaces in it.
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../api";
import { useCollection } from "../queries";
import { QueryState } from "../ui/QueryState";
import { Share } from "../ui/Share";
import { AppLink, Empty } from "../ui/states";

export default function Collection({ collectionId }: { collectionId: string }) {
  const collection = useCollection(collectionId);
  const spaces = useQuery({
    queryKey: ["collection", collectionId, "spaces"],
    queryFn: () => unwrap(api.GET("/v1/collections/{collectionId}/spaces", { params: { path: { collectionId }, query: { limit: 1000 } } })),
  });
  return (
    <QueryState query={collection} what="the collection">
      {(data) => (
        <main id="main" className="home">
          <h1>{data.title}</h1>
          {data.description ? <p className="description">{data.description}</p> : null}
          <QueryState query={spaces} what="its spaces" inline>
            {({ items }) =>
              items.length === 0 ? (
                <Empty>No spaces in this collection yet.</Empty>
              ) : (
                <ul className="cards">
                  {items.map((space) => (
                    <li key={space.id} className="card">
                      <AppLink to={`/app/spaces/${space.id}`} className="card-title">
                        {space.title}
                      </AppLink>
                    </li>
                  ))}
                </ul>
              )
            }
          </QueryState>
          {data.permissions?.admin ? <Share target={{ kind: "collection", id: collectionId }} organizationId={data.organization} title={data.title} /> : null}
        </main>
      )}
    </QueryState>
  );
}
