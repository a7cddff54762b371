/**
 * What `make` gives for an object, made once per object and kept while the object lives. The objects are immutable
 * and shared by every page rendered from them (a revision's page and file lists, a site's customization), and what
 * is made from them (maps of thousands of pages, a navigation, a style's hash) was a noticeable part of each render.
 */
export function memoized<T extends object, V>(make: (key: T) => V): (key: T) => V {
  const made = new WeakMap<T, V>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) {
      value = make(key);
      made.set(key, value);
    }
    return value;
  };
}
