/** The options of a space picker: a first empty choice, then each space by its title. */
export function SpaceOptions({ spaces }: { spaces: readonly { id: string; title: string }[] | undefined }) {
  return (
    <>
      <option value="">Choose a space</option>
      {spaces?.map((space) => (
        <option key={space.id} value={space.id}>
          {space.title}
        </option>
      ))}
    </>
  );
}
